// The one form pattern: @mantine/form checked by the shared zod request schema (the server's first
// check, so the browser and the server say the same thing), a 422 answer's field errors placed under
// their inputs, and the submit state kept by the form while the request is under way.
import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import type { z } from '../../../shared/api/zod.ts';
import {
  holdsPath,
  schemaErrors,
  serverErrors,
  type FieldMap,
  type SchemaCheckOptions,
} from './form-errors.ts';

export interface SchemaFormInput<Values>
  extends Omit<UseFormInput<Values>, 'validate' | 'transformValues'>, SchemaCheckOptions<Values> {
  initialValues: Values;
  /** The shared request schema (src/shared/<area>/schema.ts) the values, through toInput, must pass. */
  schema: z.ZodType;
  /**
   * Checks only the form has (a repeated password, a step done first), given the schema's errors so
   * they can defer to them. A schema message on a field wins over a message given here.
   */
  refine?: (values: Values, errors: FormErrors) => FormErrors;
}

export interface SubmitOptions {
  /**
   * Called after a failed send. `placed` tells whether a 422 answer put a message under at least one
   * input; every failure has already been toasted by the API client (spec §8).
   */
  onError?: (error: unknown, placed: boolean) => void;
}

export interface SchemaForm<Values> {
  form: UseFormReturnType<Values>;
  /** True from a valid submit until its request settles (a failed check never sets it). */
  submitting: boolean;
  /**
   * `<form onSubmit={handleSubmit(send)}>`: checks the values, then awaits `send` with them; a 422
   * answer's field messages land under their inputs, and a failure never escapes as an unhandled one.
   */
  handleSubmit: (
    send: (values: Values) => Promise<unknown>,
    options?: SubmitOptions,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Places a 422 answer's field messages on the form; true when one sat under an input. */
  showServerErrors: (error: unknown) => boolean;
}

/** The field messages of a 422 answer that have an input in `form` (others stay in the toast). */
export function placeServerErrors<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fields?: FieldMap,
): boolean {
  const errors = serverErrors(error, fields);
  if (!errors) return false;
  const values = form.getValues();
  const placed = Object.fromEntries(Object.entries(errors).filter(([path]) => holdsPath(values, path)));
  if (Object.keys(placed).length === 0) return false;
  form.setErrors({ ...form.errors, ...placed });
  return true;
}

export function useSchemaForm<Values extends object>(input: SchemaFormInput<Values>): SchemaForm<Values> {
  const { schema, toInput, fields, message, refine, ...formInput } = input;
  const checks: SchemaCheckOptions<Values> = { toInput, fields, message };
  const form = useForm<Values>({
    ...formInput,
    validate: (values) => {
      const errors = schemaErrors(schema, values, checks);
      return refine ? { ...refine(values, errors), ...errors } : errors;
    },
  });

  const showServerErrors = (error: unknown) => placeServerErrors(form, error, fields);

  const handleSubmit: SchemaForm<Values>['handleSubmit'] = (send, options) =>
    form.onSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        const placed = showServerErrors(error);
        options?.onError?.(error, placed);
      }
    });

  return { form, submitting: form.submitting, handleSubmit, showServerErrors };
}
