/**
 * The red dot of spec §1 "Red-dot indicators": beside a menu entry (a status with what it counts,
 * read out), or on the corner of an icon whose own label says it.
 */
const SHAPES = {
  inline: 'inline-block h-2.5 w-2.5',
  corner: 'absolute top-1 right-1 h-3.5 w-3.5',
} as const;

export function RedDot({
  label,
  testId,
  placement = 'inline',
}: {
  /** What the dot stands for; without it the dot is decoration of a labelled control. */
  label?: string;
  testId: string;
  placement?: keyof typeof SHAPES;
}) {
  return (
    <span
      {...(label ? { role: 'status', 'aria-label': label } : {})}
      data-testid={testId}
      className={`${SHAPES[placement]} rounded-full bg-red-500 ring-2 ring-white`}
    />
  );
}
