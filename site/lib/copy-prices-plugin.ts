/**
 * The Markdown step that turns a price written in MDX text, `{price.email}` or `{price(24.99)}` (an MDX expression),
 * into the page's price component, `<Price cents="500" format="short" />` (NetPrice.astro, given to every page's
 * content as `Price` by contentComponents): net in the HTML, with VAT in it once the visitor's country expects that.
 * An unknown price stops the build naming the file and line; the content check says so first, with the fix.
 */
import { fileURLToPath } from 'node:url';
import { shortPrice } from '../components/short-price.ts';
import { readPrice } from './copy-prices.ts';

type Expression = { type: 'mdxTextExpression' | 'mdxFlowExpression'; value: string; position?: { start: { line: number } } };
type Context = { fileURL: URL | undefined; replaceNode(node: Expression, replacement: object): void };

function fill(node: Expression, context: Context) {
  const read = readPrice(node.value);
  if (!read) return;
  if (!('cents' in read)) {
    const file = context.fileURL ? fileURLToPath(context.fileURL) : 'MDX';
    throw new Error(`${file}:${node.position?.start.line ?? 1}: ${read.problem}. ${read.fix}`);
  }
  const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });
  const price = {
    type: 'mdxJsxTextElement',
    name: 'Price',
    attributes: [attribute('cents', String(read.cents)), attribute('format', 'short')],
    // The net price as text too, for what reads the tree's text: a heading's id stays `what-you-get-for-5-a-month`.
    children: [{ type: 'text', value: shortPrice(read.cents) }],
  };
  context.replaceNode(node, node.type === 'mdxTextExpression' ? price : { type: 'paragraph', children: [price] });
}

export const copyPricesPlugin = {
  name: 'copy-prices',
  options: { position: true },
  mdxTextExpression: fill,
  mdxFlowExpression: fill,
};
