/**
 * The Markdown step that writes the seller payout figures into MDX text: `{sale.networkPayout}` (an MDX expression)
 * becomes the text "70%" from api/contract/selling/sale-figures.ts, at build time, so a page never computes or types
 * a figure of its own. Astro's Markdown processor (Sätteri) runs it as an mdast plugin, its kind of remark step
 * (astro.config.mjs). An unknown name stops the build naming the file and line; the content check says so first, with
 * the fix.
 */
import { fileURLToPath } from 'node:url';
import { isSaleFigure, saleFigureNames, saleFigures } from '../../api/contract/selling/sale-figures.ts';

type Expression = { type: 'mdxTextExpression' | 'mdxFlowExpression'; value: string; position?: { start: { line: number } } };
type Context = { fileURL: URL | undefined; replaceNode(node: Expression, replacement: object): void };

const reference = /^\s*sale\.([A-Za-z0-9_]*)\s*$/;

function fill(node: Expression, context: Context) {
  const name = reference.exec(node.value)?.[1];
  if (name === undefined) return;
  if (!isSaleFigure(name)) {
    const file = context.fileURL ? fileURLToPath(context.fileURL) : 'MDX';
    throw new Error(
      `${file}:${node.position?.start.line ?? 1}: unknown figure {sale.${name}}; use one of ${saleFigureNames.map((n) => `{sale.${n}}`).join(', ')}`,
    );
  }
  const text = { type: 'text', value: saleFigures[name] };
  context.replaceNode(node, node.type === 'mdxTextExpression' ? text : { type: 'paragraph', children: [text] });
}

export const saleFiguresPlugin = {
  name: 'sale-figures',
  options: { position: true },
  mdxTextExpression: fill,
  mdxFlowExpression: fill,
};
