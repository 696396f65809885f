// Paying a class fee: the order (the live one or a new one), then straight to the gateway, as a course is
// bought; the gateway brings the learner back to the order, and the class courses open once it is paid.
import { useState } from 'react';
import { useWrite } from '../../../lib/data/use-write.ts';
import { payForClass } from '../api.ts';

export function usePayClass() {
  const [payingId, setPayingId] = useState<number | null>(null);
  const write = useWrite((id: number) => payForClass(id), {
    onDone: (answer) => window.location.assign(answer.pay_url),
  });
  const pay = (id: number) => {
    setPayingId(id);
    write.run(id).catch(() => setPayingId(null));
  };
  return { pay, payingId: write.running ? payingId : null };
}
