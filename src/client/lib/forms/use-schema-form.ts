// The one form pattern: @mantine/form checked by the shared zod request schema (the server's first
// check, so the browser and the server say the same thing), a 422 answer's field errors placed under
// their inputs, and the submit state kept by the form while the request is under way.
import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, type FormEvent } from 'react';
import type { z } from '../../../shared/api/zod.ts';
import {
  holdsPath,
  schemaErrors,
  serverErrors,
  type FieldMap,
  type SchemaCheckOptions,
} from './form-errors.ts';

export interface SchemaFormInput<Values, Schema extends z.ZodType = z.ZodType>
  extends Omit<UseFormInput<Values>, 'validate' | 'transformValues'>, SchemaCheckOptions<Values> {
  initialValues: Values;
  /**
   * The shared request schema (src/shared/<area>/schema.ts) the values, through toInput, must pass; or
   * its loader (`() => import('.../schema.ts').then((m) => m.loginSchema)`) on a page whose first load
   * should not carry zod: it starts loading on mount, and a check made before it arrives waits for it.
   */
  schema: Schema | SchemaLoader<Schema>;
  /**
   * Checks only the form has (a repeated password, a step done first), given the schema's errors so
   * they can defer to them. A schema message on a field wins over a message given here.
   */
  refine?: (values: Values, errors: FormErrors) => FormErrors;
}

/** Loads a request schema (a dynamic import of its shared module). */
export type SchemaLoader<Schema extends z.ZodType> = () => Promise<Schema>;

/**
 * The schema given, or loaded once from its loader (started on mount; a failed load is tried again by
 * the next check). `current` is the schema when it is at hand.
 */
function useSchemaSource<Schema extends z.ZodType>(source: Schema | SchemaLoader<Schema>) {
  const loaded = useRef<Schema | undefined>(undefined);
  const loading = useRef<Promise<Schema> | undefined>(undefined);
  // A zod schema is an object; a loader is a function.
  const loader = typeof source === 'function' ? source : undefined;
  if (!loader) loaded.current = source as Schema;
  const load = (): Promise<Schema> => {
    if (loaded.current) return Promise.resolve(loaded.current);
    loading.current ??= (loader as SchemaLoader<Schema>)().then(
      (schema) => (loaded.current = schema),
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  };
  useEffect(() => {
    // Right after the first render, so the check is ready before the user submits.
    if (loader) load().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per mounted form
  }, []);
  return { current: () => loaded.current, load };
}

export interface SubmitOptions {
  /**
   * Called after a failed send. `placed` tells whether a 422 answer put a message under at least one
   * input; `unplaced` holds its messages for fields the form has no input for (empty for any other
   * failure). Every failure has already been toasted by the API client (spec §8).
   */
  onError?: (error: unknown, placed: boolean, unplaced: FormErrors) => void;
}

export interface SchemaForm<Values, Schema extends z.ZodType = z.ZodType> {
  form: UseFormReturnType<Values>;
  /** True from a valid submit until its request settles (a failed check never sets it). */
  submitting: boolean;
  /**
   * `<form onSubmit={handleSubmit(send)}>`: checks the values, then awaits `send` with them and the
   * body the schema made of them (trimmed, coerced: what the server will read); a 422 answer's field
   * messages land under their inputs, and a failure never escapes as an unhandled one.
   */
  handleSubmit: (
    send: (values: Values, input: z.output<Schema>) => Promise<unknown>,
    options?: SubmitOptions,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Places a 422 answer's field messages on the form; true when one sat under an input. */
  showServerErrors: (error: unknown) => boolean;
}

export interface ServerErrorsShown {
  /** Whether a message sat under an input. */
  placed: boolean;
  /** A 422 answer's messages for fields the form has no input for. */
  unplaced: FormErrors;
}

/**
 * Sets the field messages of a 422 answer that have an input in `form`; the others are handed back
 * (and are in the toast already).
 */
export function placeServerErrors<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fields?: FieldMap,
): ServerErrorsShown {
  const placed: FormErrors = {};
  const unplaced: FormErrors = {};
  const values = form.getValues();
  for (const [path, message] of Object.entries(serverErrors(error, fields) ?? {}))
    (holdsPath(values, path) ? placed : unplaced)[path] = message;
  const anyPlaced = Object.keys(placed).length > 0;
  if (anyPlaced) form.setErrors({ ...form.errors, ...placed });
  return { placed: anyPlaced, unplaced };
}

export function useSchemaForm<Values extends object, Schema extends z.ZodType = z.ZodType>(
  input: SchemaFormInput<Values, Schema>,
): SchemaForm<Values, Schema> {
  const { schema: source, toInput, fields, message, refine, ...formInput } = input;
  const checks: SchemaCheckOptions<Values> = { toInput, fields, message };
  const schema = useSchemaSource(source);
  const check = (values: Values, checked: Schema): FormErrors => {
    const errors = schemaErrors(checked, values, checks);
    return refine ? { ...refine(values, errors), ...errors } : errors;
  };
  const form = useForm<Values>({
    ...formInput,
    // A schema still loading: the check waits for it (@mantine/form awaits a validate that answers a
    // promise). Should the load fail, the form lets the submit through and its send reports the failure.
    validate: (values) => {
      const ready = schema.current();
      if (ready) return check(values, ready);
      return schema.load().then(
        (loaded) => check(values, loaded),
        () => ({}),
      );
    },
  });

  const showServerErrors = (error: unknown) => placeServerErrors(form, error, fields).placed;

  const handleSubmit: SchemaForm<Values, Schema>['handleSubmit'] = (send, options) =>
    form.onSubmit(async (values) => {
      try {
        // Checked already: this parse only hands over the schema's output.
        const checked = await schema.load();
        await send(values, checked.parse(toInput ? toInput(values) : values));
      } catch (error) {
        const { placed, unplaced } = placeServerErrors(form, error, fields);
        options?.onError?.(error, placed, unplaced);
      }
    });

  return { form, submitting: form.submitting, handleSubmit, showServerErrors };
}
