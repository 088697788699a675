import type { RendererSpec } from '../../registry/types';
import { PasswordDisplay } from './Display';
import { passwordProps } from './props';
import { PasswordWidget } from './Widget';

/** `password`: secret text, masked in forms, `******` in lists and detail views. */
export const passwordRenderer: RendererSpec = {
  field: PasswordWidget,
  display: PasswordDisplay,
  props: passwordProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default passwordRenderer;
