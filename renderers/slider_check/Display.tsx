import type { DisplayProps } from '../../registry/types';

/** 已验证 once passed, 未验证 otherwise. */
export function SliderCheckDisplay({ value }: DisplayProps) {
  return <span>{value === true || value === 'true' ? '已验证' : '未验证'}</span>;
}
