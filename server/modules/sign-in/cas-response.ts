import { XMLParser } from 'fast-xml-parser';

/**
 * The CAS 3.0 serviceValidate document (protocol §2.5.2, appendix A):
 *
 *   <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
 *     <cas:authenticationSuccess><cas:user>name</cas:user>…</cas:authenticationSuccess>
 *   </cas:serviceResponse>
 *
 * or `<cas:authenticationFailure code="INVALID_TICKET">text</cas:authenticationFailure>`.
 */

export const CAS_NAMESPACE = 'http://www.yale.edu/tp/cas';

export type CasAnswer =
  | { readonly kind: 'success'; readonly user: string }
  | { readonly kind: 'failure'; readonly code: string };

const ATTR = '@_';
const TEXT = '#text';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  // Names stay text: a user `007` must not become the number 7.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type XmlElement = Readonly<Record<string, unknown>>;

function isElement(value: unknown): value is XmlElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An element's text: a bare string, or `#text` beside attributes. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isElement(value) && typeof value[TEXT] === 'string') return value[TEXT];
  return null;
}

/**
 * The prefix the document binds to the CAS namespace on its root, or null when the root is
 * not a serviceResponse in that namespace. Servers all say `cas:`, but the prefix is theirs
 * to choose, so it is resolved from the declaration rather than assumed.
 */
function casRoot(document: XmlElement): { prefix: string; root: XmlElement } | null {
  const names = Object.keys(document).filter((name) => !name.startsWith('?'));
  if (names.length !== 1) return null;
  const qname = names[0]!;
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  if (qname.slice(colon + 1) !== 'serviceResponse') return null;
  const root = document[qname];
  if (!isElement(root)) return null;
  const declaration = prefix === '' ? `${ATTR}xmlns` : `${ATTR}xmlns:${prefix}`;
  return root[declaration] === CAS_NAMESPACE ? { prefix, root } : null;
}

/**
 * The server's verdict, or null when the text is not a CAS 3.0 answer (malformed XML, another
 * document, both or neither verdict, a repeated or empty user).
 */
export function parseServiceResponse(xml: string): CasAnswer | null {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch {
    return null;
  }
  if (!isElement(document)) return null;
  const found = casRoot(document);
  if (!found) return null;
  const name = (local: string) => (found.prefix ? `${found.prefix}:${local}` : local);
  const success = found.root[name('authenticationSuccess')];
  const failure = found.root[name('authenticationFailure')];
  if ((success === undefined) === (failure === undefined)) return null;

  if (success !== undefined) {
    if (!isElement(success)) return null;
    const user = textOf(success[name('user')]);
    return user ? { kind: 'success', user } : null;
  }
  // An empty failure element parses as '' (no attributes) or as its attributes alone.
  const code = isElement(failure) ? failure[`${ATTR}code`] : undefined;
  return { kind: 'failure', code: typeof code === 'string' && code ? code : 'UNKNOWN' };
}
