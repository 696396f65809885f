/** The platform mark: a shield with a check, drawn inline (no image request, works offline). */
export function Logo({
  size = 32,
  color = 'var(--mantine-primary-color-filled)',
}: {
  size?: number;
  color?: string;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-hidden="true" focusable="false">
      <path d="M24 3 42 9v13c0 11.5-7.6 19.6-18 23C13.6 41.6 6 33.5 6 22V9z" fill={color} />
      <path
        d="m15 24 6.5 6.5L34 18"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
