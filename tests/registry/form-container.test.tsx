import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Input, Select } from 'antd';
import { FormContainer } from '../../registry/FormContainer';

function Group({ disabled }: { disabled?: boolean }) {
  return (
    <FormContainer disabled={disabled}>
      <Input aria-label="名称" />
      <Select aria-label="类型" options={[{ value: '1', label: '一' }]} />
      <button type="button">选择</button>
    </FormContainer>
  );
}

describe('FormContainer', () => {
  it('disables every input of its group, antd controls and plain buttons alike', () => {
    render(<Group disabled />);
    expect((screen.getByLabelText('名称') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox') as HTMLInputElement).disabled).toBe(true);
    // The browser disables every control inside a disabled fieldset (happy-dom does not model it).
    expect(screen.getByRole('button', { name: '选择' }).closest('fieldset')?.disabled).toBe(true);
  });

  it('leaves them editable when not disabled', () => {
    render(<Group />);
    expect((screen.getByLabelText('名称') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: '选择' }).closest('fieldset')?.disabled).toBe(false);
  });
});
