// The gateway adapters this app is configured with, by name: the one place that knows both the port
// (gateway.ts) and its adapters, so neither imports the other.
import type { AppConfig } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { SandboxGateway } from './sandbox.ts';

const registries = new WeakMap<AppConfig, Map<string, PaymentGateway>>();

/** The gateways configured for this app, by name. */
export function paymentGateways(config: AppConfig): Map<string, PaymentGateway> {
  let registry = registries.get(config);
  if (!registry) {
    registry = new Map<string, PaymentGateway>();
    // The sandbox marks orders paid on a button press, so it exists only where it is enabled.
    if (config.paymentSandbox) registry.set('sandbox', new SandboxGateway(config.paymentSecret));
    registries.set(config, registry);
  }
  return registry;
}

export const DEFAULT_GATEWAY = 'sandbox';
