import { isRepositoryFile, literalText } from './server-module.js';

const QUERY_BUILDER_CALLS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'executeQuery',
]);

/**
 * Database access only in repositories (repository.ts, *-repository.ts): no value import of
 * kysely (its `sql` tag builds queries), pg or the db client, no query-builder call and no
 * graphile_worker SQL anywhere else. A type-only import of `Db` stays allowed: services open
 * transactions (`db.transaction().execute(trx => new Repo(trx))`) and hand them to repositories.
 * Option `clientCreators`: a regular expression of the files that create the pool (composition
 * roots), which may import the db client's values.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Database access only in repository files (docs/decisions/0043).' },
    schema: [
      {
        type: 'object',
        properties: { clientCreators: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      importValue:
        "'{{name}}' from '{{source}}' builds or runs queries: only repository files (repository.ts, *-repository.ts) may import it; call a repository instead.",
      queryBuilder:
        ".{{method}}() builds a query: only repository files (repository.ts, *-repository.ts) may; move it into this module's repository.",
      jobsSql:
        'graphile_worker SQL outside a repository or the jobs infrastructure: use the typed enqueue of src/jobs.',
    },
  },
  create(context) {
    if (isRepositoryFile(context.filename)) return {};
    const creators = context.options[0]?.clientCreators;
    const mayCreateClient = creators !== undefined && new RegExp(creators).test(context.filename);
    const checked = (source) =>
      source === 'kysely' ||
      source === 'pg' ||
      (!mayCreateClient && /(^|\/)db\/client$/.test(source));
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (node.importKind === 'type' || !checked(source)) return;
        for (const spec of node.specifiers) {
          if (spec.importKind === 'type') continue;
          context.report({
            node: spec,
            messageId: 'importValue',
            data: { name: spec.local.name, source },
          });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!QUERY_BUILDER_CALLS.has(callee.property.name)) return;
        context.report({
          node: callee.property,
          messageId: 'queryBuilder',
          data: { method: callee.property.name },
        });
      },
      'Literal, TemplateLiteral'(node) {
        const text = literalText(node);
        if (text !== undefined && /\bgraphile_worker\./i.test(text))
          context.report({ node, messageId: 'jobsSql' });
      },
    };
  },
};
