// What a failed read or write says on the page (the API client has already toasted it): an Error's message,
// or whatever else was thrown, as text.
export const failureText = (failure: unknown): string =>
  failure instanceof Error ? failure.message : String(failure);
