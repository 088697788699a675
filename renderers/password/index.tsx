import type { RendererComponents } from '../../registry/types';
import { PasswordDisplay } from './Display';
import { PasswordWidget } from './Widget';

/** `password`: secret text, masked in forms, `******` in lists and detail views. */
export const passwordRenderer: RendererComponents = {
  field: PasswordWidget,
  display: PasswordDisplay,
};

export default passwordRenderer;
