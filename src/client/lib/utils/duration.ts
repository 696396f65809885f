// Lengths of courses and lessons as pages show them: whole hours and minutes.

/** A length in whole hours and minutes, at least one minute when there is any. */
export function durationParts(seconds: number): { hours: number; minutes: number } {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
