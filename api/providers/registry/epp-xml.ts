/**
 * EPP XML in and out: requests are built from strings with escaping; responses are parsed by fast-xml-parser
 * (a maintained, dependency-light parser that handles entities, CDATA and comments) into a small
 * namespace-resolved tree, so lookups use namespace URIs rather than whatever prefixes a server chose.
 */
import { XMLParser } from 'fast-xml-parser';

export const ns = {
  epp: 'urn:ietf:params:xml:ns:epp-1.0',
  domain: 'urn:ietf:params:xml:ns:domain-1.0',
  contact: 'urn:ietf:params:xml:ns:contact-1.0',
  host: 'urn:ietf:params:xml:ns:host-1.0',
  fee: 'urn:ietf:params:xml:ns:epp:fee-1.0',
  /** RFC 5910 DNSSEC delegation (DS records). */
  secDNS: 'urn:ietf:params:xml:ns:secDNS-1.1',
  /** RFC 3915 Redemption Grace Period: restoring a deleted name. */
  rgp: 'urn:ietf:params:xml:ns:rgp-1.0',
} as const;

export type XmlElement = {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Parses one EPP document into its root element (throws when the text is not XML with one root). */
export function parseXml(xml: string): XmlElement {
  const nodes = parser.parse(xml) as OrderedNode[];
  const roots = convert(nodes, {});
  if (roots.length !== 1) throw new Error('EPP frame is not an XML document with one root element');
  return roots[0] as XmlElement;
}

function convert(nodes: OrderedNode[], scope: Record<string, string>): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (!tag || tag === '#text' || tag.startsWith('?') || tag.startsWith('!')) continue;
    const rawAttrs = node[':@'] ?? {};
    const inner: Record<string, string> = { ...scope };
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(rawAttrs)) {
      if (key === 'xmlns') inner[''] = value;
      else if (key.startsWith('xmlns:')) inner[key.slice(6)] = value;
      else attrs[key.includes(':') ? key.slice(key.indexOf(':') + 1) : key] = value;
    }
    const colon = tag.indexOf(':');
    const prefix = colon === -1 ? '' : tag.slice(0, colon);
    const body = (node[tag] ?? []) as OrderedNode[];
    const text = body
      .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
      .join('')
      .trim();
    out.push({ ns: inner[prefix] ?? '', name: colon === -1 ? tag : tag.slice(colon + 1), attrs, children: convert(body, inner), text });
  }
  return out;
}

export function childrenOf(element: XmlElement | undefined, namespace: string, name: string): XmlElement[] {
  return element ? element.children.filter((child) => child.ns === namespace && child.name === name) : [];
}

export function childOf(element: XmlElement | undefined, namespace: string, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.ns === namespace && child.name === name);
}

/** Follows a path of [namespace, name] steps; undefined when any step is missing. */
export function pathOf(element: XmlElement | undefined, ...steps: Array<[string, string]>): XmlElement | undefined {
  let current = element;
  for (const [namespace, name] of steps) current = childOf(current, namespace, name);
  return current;
}

export function textOf(element: XmlElement | undefined, namespace: string, name: string): string | undefined {
  return childOf(element, namespace, name)?.text;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text or an attribute value; drops characters XML 1.0 cannot carry at all. */
export function escapeXml(value: string | number): string {
  return (
    String(value)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (ch) => escapes[ch] as string)
  );
}

/** `<tag>escaped text</tag>`; the tag name is ours, never user input. */
export function el(tag: string, text: string | number): string {
  return `<${tag}>${escapeXml(text)}</${tag}>`;
}

/** Wraps a command body in the EPP envelope with its client transaction id. */
export function commandXml(body: string, clTRID: string, extension = ''): string {
  const ext = extension ? `<extension>${extension}</extension>` : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><command>${body}${ext}${el('clTRID', clTRID)}</command></epp>`;
}

export const helloXml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><hello/></epp>`;
