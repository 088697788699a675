/**
 * Greeting by hour (shell.md §2): before 9 morning, up to 11 forenoon, up to 13 noon,
 * before 20 afternoon, otherwise evening.
 */
export function greeting(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
