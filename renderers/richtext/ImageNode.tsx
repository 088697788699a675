import type { ReactElement } from 'react';
import {
  $applyNodeReplacement,
  DecoratorNode,
  nodeSchema,
  stringValue,
  withField,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
} from 'lexical';
import { useShownImageSrc } from './image-src';
import { stableImageSrc } from '../../src/runtime/html-images';

/**
 * An image in rich text. The node keeps the address stored in the HTML (an uploaded image's
 * stable `/system/sys/common/static/<path>`, or a network address); the editor draws it
 * through `useShownImageSrc` (a signed URL for uploaded images) and the HTML export writes
 * the stored address back.
 */

/** The attribute exported images carry their address in until the HTML is stored. */
export const EXPORTED_SRC = 'data-sa-src';

function ImageView({ src, alt }: { readonly src: string; readonly alt: string }) {
  const shown = useShownImageSrc(src);
  if (shown === '') return <span className="sa-richtext-image-loading">[图片]</span>;
  return <img src={shown} alt={alt} className="sa-richtext-img" draggable={false} />;
}

const imageSchema = nodeSchema<ImageNode>()({
  src: withField(stringValue(), { field: '__src' }),
  altText: withField(stringValue(), { field: '__altText' }),
});

function $convertImage(element: HTMLElement): DOMConversionOutput {
  const src = element.getAttribute('src') ?? '';
  if (src === '') return { node: null };
  // A pasted signed URL expires: keep the file's stable address instead.
  return { node: $createImageNode(stableImageSrc(src), element.getAttribute('alt') ?? '') };
}

export class ImageNode extends DecoratorNode<ReactElement> {
  /** @internal */
  __src: string;
  /** @internal */
  __altText: string;

  override $config() {
    return this.config('sa-image', {
      extends: DecoratorNode,
      importDOM: { img: () => ({ conversion: $convertImage, priority: 0 }) },
      json: imageSchema,
    });
  }

  constructor(src = '', altText = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
  }

  override afterCloneFrom(prevNode: this): void {
    super.afterCloneFrom(prevNode);
    this.__src = prevNode.__src;
    this.__altText = prevNode.__altText;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  setSrc(src: string): this {
    const writable = this.getWritable();
    writable.__src = src;
    return writable;
  }

  getAltText(): string {
    return this.getLatest().__altText;
  }

  setAltText(altText: string): this {
    const writable = this.getWritable();
    writable.__altText = altText;
    return writable;
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'sa-richtext-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    // Not `src`: an <img> of the page starts loading as soon as it has one, and the stored
    // address needs the token header (401). readHtml puts it back in an inert template.
    img.setAttribute(EXPORTED_SRC, this.__src);
    if (this.__altText) img.setAttribute('alt', this.__altText);
    return { element: img };
  }

  override getTextContent(): string {
    return '';
  }

  override decorate(): ReactElement {
    return <ImageView src={this.__src} alt={this.__altText} />;
  }
}

export function $createImageNode(src: string, altText = ''): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, altText));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
