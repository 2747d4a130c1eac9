import { functionOwners, schemaOwners, tableOwners } from './table-owners.js';
import { serverModuleOf, sqlTextOf } from './server-module.js';

const WRITE_CALLS = new Set([
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
]);
const READ_CALLS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
const NAME = String.raw`"?([a-z_][a-z0-9_]*)"?(?:\s*\.\s*"?([a-z_][a-z0-9_]*)"?)?`;
const SQL_WRITE = new RegExp(
  String.raw`\b(?:insert\s+into|update(?:\s+only)?|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+${NAME}`,
  'gi',
);
const SQL_READ = new RegExp(String.raw`\b(?:from|join)\s+(?:only\s+)?${NAME}`, 'gi');
const SQL_SCHEMA = new RegExp(`\\b(${Object.keys(schemaOwners).join('|')})\\s*\\.`, 'gi');
const SQL_FUNCTION = new RegExp(`\\b(${Object.keys(functionOwners).join('|')})\\s*\\(`, 'gi');

function withoutComments(text) {
  return text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The table a kysely argument names ('products', 'products as p', 'public.products'). */
function tableOfArgument(node) {
  let arg = node;
  while (arg?.type === 'TSAsExpression' || arg?.type === 'TSSatisfiesExpression')
    arg = arg.expression;
  if (arg?.type !== 'Literal' || typeof arg.value !== 'string') return undefined;
  const name = arg.value.trim().split(/\s+/)[0];
  return name.includes('.') ? name.split('.').pop() : name;
}

/**
 * Each table written only by its owning module and read only by the owner and the readers that
 * eslint-rules/table-owners.js lists, in kysely calls and in raw SQL alike.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Each table written only by its owning module (docs/decisions/0043).' },
    schema: [],
    messages: {
      write:
        "'{{table}}' belongs to the {{owner}} module: only its repositories write it; call the {{owner}} service instead (eslint-rules/table-owners.js).",
      read: "'{{table}}' belongs to the {{owner}} module and {{module}} is not listed as a reader in eslint-rules/table-owners.js: call the {{owner}} service instead.",
      schema:
        "graphile-worker's schema belongs to the {{owner}} infrastructure: use the typed enqueue of src/jobs.",
      foreignRepository:
        "{{source}} is the {{owner}} module's repository: call the {{owner}} service instead, so only {{owner}} touches its tables.",
      unknown: "'{{table}}' is not in eslint-rules/table-owners.js: give it an owner there.",
    },
  },
  create(context) {
    const module = serverModuleOf(context.filename);
    if (module === undefined) return {};
    const checkWrite = (node, table) => {
      const entry = tableOwners[table];
      if (entry && entry.owner !== module)
        context.report({ node, messageId: 'write', data: { table, owner: entry.owner } });
    };
    const checkRead = (node, table) => {
      const entry = tableOwners[table];
      if (entry && entry.owner !== module && !(module in (entry.readers ?? {})))
        context.report({ node, messageId: 'read', data: { table, owner: entry.owner, module } });
    };
    const tableOf = (match) => (match[2] !== undefined ? match[2] : match[1]).toLowerCase();
    const checkSql = (node, text) => {
      const sqlText = withoutComments(text);
      for (const m of sqlText.matchAll(SQL_WRITE)) checkWrite(node, tableOf(m));
      for (const m of sqlText.matchAll(SQL_READ)) checkRead(node, tableOf(m));
      for (const m of sqlText.matchAll(SQL_FUNCTION)) {
        const owner = functionOwners[m[1].toLowerCase()];
        if (owner !== module)
          context.report({ node, messageId: 'write', data: { table: `${m[1]}()`, owner } });
      }
      for (const m of sqlText.matchAll(SQL_SCHEMA)) {
        const owner = schemaOwners[m[1].toLowerCase()];
        if (owner !== module) context.report({ node, messageId: 'schema', data: { owner } });
      }
    };
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (node.importKind === 'type' || node.specifiers.every((s) => s.importKind === 'type'))
          return;
        const target =
          /(?:^|\/)modules\/([^/]+)\/(?:[^/]*-)?repository$/.exec(source) ??
          /^\.\.\/([^/.]+)\/(?:[^/]*-)?repository$/.exec(source);
        if (target && target[1] !== module)
          context.report({
            node: node.source,
            messageId: 'foreignRepository',
            data: { source, owner: target[1] },
          });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (WRITE_CALLS.has(method) || READ_CALLS.has(method)) {
          const args =
            node.arguments[0]?.type === 'ArrayExpression'
              ? node.arguments[0].elements
              : [node.arguments[0]];
          for (const arg of args) {
            const table = tableOfArgument(arg);
            if (table === undefined) continue;
            if (WRITE_CALLS.has(method) && !(table in tableOwners))
              context.report({ node: arg, messageId: 'unknown', data: { table } });
            else if (WRITE_CALLS.has(method)) checkWrite(arg, table);
            else checkRead(arg, table);
          }
        }
        if (
          callee.object.type === 'Identifier' &&
          callee.object.name === 'sql' &&
          method === 'table'
        ) {
          const table = tableOfArgument(node.arguments[0]);
          if (table !== undefined) checkRead(node.arguments[0], table);
        }
      },
      'Literal, TemplateLiteral'(node) {
        const text = sqlTextOf(node);
        if (text !== undefined) checkSql(node, text);
      },
    };
  },
};
