import ts from 'typescript';

/**
 * The string literals of a source file that name the folder beside the repository (`../shared`, `shared/data`,
 * `shared/contracts`…): a path the code would read. Comments may name it (a contract's README is cited that way);
 * code may not, since a clone has nothing beside it. Returns each offending literal with its line.
 */
const SIBLING = /(^|[/\\])\.\.[/\\]shared([/\\]|$)|(^|[/\\])shared[/\\](data|contracts|spec|hooks)([/\\]|$)/;

export function siblingReads(fileName: string, text: string): { line: number; literal: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found: { line: number; literal: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteralLike(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      SIBLING.test(node.text)
    ) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, literal: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
