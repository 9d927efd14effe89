// An ESLint rule for the web app's layers (DESIGN.md section 3), resolving relative imports by path:
// - a feature does not import another feature (app/ composes them);
// - only app/ imports app/;
// - shared code (components/, lib/, config/) does not import features.
import path from 'node:path';

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** The layer of a file under apps/web/src: ['features', 'legal'], ['app'], ['lib'], … or null elsewhere. */
function layerOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at === -1) return null;
  const parts = file.slice(at + WEB_SRC.length).split(path.sep);
  // Files at the root of src (main.tsx, the entry) compose the app like app/ does.
  if (parts.length === 1) return ['app'];
  return parts[0] === 'features' ? ['features', parts[1]] : [parts[0]];
}

export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the web app layered: app → features → components, lib, config' },
    schema: [],
    messages: {
      crossFeature:
        'A feature does not import another feature ({{to}}): move shared code to components/ or lib/, or compose in app/.',
      intoApp: 'Only app/ imports from app/.',
      sharedToFeature: 'Shared code ({{from}}/) does not depend on features.',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      if (to[0] === 'app' && from[0] !== 'app') context.report({ node, messageId: 'intoApp' });
      else if (from[0] === 'features' && to[0] === 'features' && to[1] !== from[1])
        context.report({ node, messageId: 'crossFeature', data: { to: `features/${to[1]}` } });
      else if (['components', 'lib', 'config'].includes(from[0]) && to[0] === 'features')
        context.report({ node, messageId: 'sharedToFeature', data: { from: from[0] } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
