/**
 * Reading a registry's answer (api/providers/registry/epp-xml.ts): names are found by namespace, whatever prefixes the
 * server chose; text is the element's own, with entities and CDATA read; what is not well-formed XML is refused.
 */
import { describe, expect, it } from 'vitest';
import { childOf, childrenOf, ns, parseXml, pathOf } from '../../api/providers/registry/epp-xml.ts';

const answer = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><e:epp xmlns:e="urn:ietf:params:xml:ns:epp-1.0"><e:response>${body}</e:response></e:epp>`;

describe('parseXml', () => {
  it('resolves any prefix, or none, to its namespace', () => {
    const root = parseXml(
      answer(`<e:resData><chkData xmlns="urn:ietf:params:xml:ns:domain-1.0"><cd><name avail="1">a.com</name></cd></chkData>
        <d:chkData xmlns:d="urn:ietf:params:xml:ns:domain-1.0"><d:cd><d:name d:avail="0">b.com</d:name><d:reason>In use</d:reason></d:cd></d:chkData></e:resData>`),
    );
    const checks = childrenOf(pathOf(root, [ns.epp, 'response'], [ns.epp, 'resData']), ns.domain, 'chkData');
    expect(checks).toHaveLength(2);
    const names = checks.map((check) => childOf(childOf(check, ns.domain, 'cd'), ns.domain, 'name'));
    expect(names.map((name) => [name?.text, name?.attrs.avail])).toEqual([
      ['a.com', '1'],
      ['b.com', '0'],
    ]);
    expect(childOf(root, ns.domain, 'response')).toBeUndefined();
  });

  it("reads an element's own text, trimmed, with entities and CDATA, not its children's", () => {
    const root = parseXml(
      answer(
        `<e:result code="2004"><e:msg> Parameter value range error: &lt;period&gt; &amp; <![CDATA[<unit>]]> </e:msg><e:value><x xmlns="urn:x">9</x></e:value></e:result>`,
      ),
    );
    const result = pathOf(root, [ns.epp, 'response'], [ns.epp, 'result']);
    expect(result?.attrs.code).toBe('2004');
    expect(childOf(result, ns.epp, 'msg')?.text).toBe('Parameter value range error: <period> & <unit>');
    expect(childOf(result, ns.epp, 'value')?.text).toBe('');
  });

  it('refuses what is not one well-formed XML document', () => {
    expect(() => parseXml(answer('<e:msg>caf&eacute;</e:msg>'))).toThrow();
    expect(() => parseXml(answer('<d:name>a.com</d:name>'))).toThrow();
    expect(() => parseXml(`${answer('')}<e:epp xmlns:e="urn:ietf:params:xml:ns:epp-1.0"/>`)).toThrow();
    expect(() => parseXml(answer('<e:result>'))).toThrow();
    expect(() => parseXml('')).toThrow();
  });
});
