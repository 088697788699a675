import { createRegistry, type RendererRegistry } from '../../registry/registry';
import { registerBuiltinRenderers } from '../../renderers';

/**
 * The app's renderer registry: the built-in field types. Loaded with the first page-engine
 * screen (see `Services.loadRegistry`), so ajv and the renderers stay out of the login chunk.
 */
export function createAppRegistry(): RendererRegistry {
  const registry = createRegistry();
  registerBuiltinRenderers(registry);
  return registry;
}
