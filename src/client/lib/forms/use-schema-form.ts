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

export interface SchemaFormInput<Values, Schema extends z.ZodType = z.ZodType>
  extends Omit<UseFormInput<Values>, 'validate' | 'transformValues'>, SchemaCheckOptions<Values> {
  initialValues: Values;
  /** The shared request schema (src/shared/<area>/schema.ts) the values, through toInput, must pass. */
  schema: Schema;
  /**
   * Checks only the form has (a repeated password, a step done first), given the schema's errors so
   * they can defer to them. A schema message on a field wins over a message given here.
   */
  refine?: (values: Values, errors: FormErrors) => FormErrors;
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
  const { schema, toInput, fields, message, refine, ...formInput } = input;
  const checks: SchemaCheckOptions<Values> = { toInput, fields, message };
  const form = useForm<Values>({
    ...formInput,
    validate: (values) => {
      const errors = schemaErrors(schema, values, checks);
      return refine ? { ...refine(values, errors), ...errors } : errors;
    },
  });

  const showServerErrors = (error: unknown) => placeServerErrors(form, error, fields).placed;

  const handleSubmit: SchemaForm<Values, Schema>['handleSubmit'] = (send, options) =>
    form.onSubmit(async (values) => {
      try {
        // Checked already: this parse only hands over the schema's output.
        await send(values, schema.parse(toInput ? toInput(values) : values));
      } catch (error) {
        const { placed, unplaced } = placeServerErrors(form, error, fields);
        options?.onError?.(error, placed, unplaced);
      }
    });

  return { form, submitting: form.submitting, handleSubmit, showServerErrors };
}
