/** Nothing: a hidden value is not shown in lists or detail views either. */
export function HiddenDisplay() {
  return null;
}
