import type { AntOption } from '../shared/options';

/** The value typed text stands for: the option whose text (or value) it is, else the text. */
export function typedValue(options: readonly AntOption[], typed: string): string {
  const text = typed.trim();
  return (
    (options.find((o) => o.label === text) ?? options.find((o) => o.value === text))?.value ?? text
  );
}

/**
 * The options offered while `typed` is in the search box: with `allowInput` and text that is
 * no option's text or value, the text itself is offered last, so it can be chosen too.
 */
export function offeredOptions(
  options: readonly AntOption[],
  typed: string,
  allowInput: boolean,
): AntOption[] {
  const text = typed.trim();
  if (!allowInput || text === '') return [...options];
  if (options.some((o) => o.label === text || o.value === text)) return [...options];
  return [...options, { value: text, label: text }];
}
