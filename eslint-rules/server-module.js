/** The server module a file belongs to: a folder under src/modules, or src/db, src/jobs, ... */
export function serverModuleOf(filename) {
  const path = filename.replaceAll('\\', '/');
  const inModule = /apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  if (inModule) return inModule[1];
  const inSrc = /apps\/server\/src\/([^/]+)\//.exec(path);
  return inSrc ? inSrc[1] : undefined;
}

export function isRepositoryFile(filename) {
  return /(^|[/\\-])repository\.ts$/.test(filename);
}

/** The text of a string literal or template literal (placeholders as `$`), else undefined. */
export function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((q) => q.value.cooked ?? '').join('$');
  return undefined;
}

/** Whether a template literal is the body of a kysely `sql` tagged template. */
export function isSqlTemplate(node) {
  const parent = node.parent;
  if (parent?.type !== 'TaggedTemplateExpression' || parent.quasi !== node) return false;
  const tag = parent.tag.type === 'MemberExpression' ? parent.tag.object : parent.tag;
  return tag.type === 'Identifier' && tag.name === 'sql';
}

const SQL_START = /^\s*(select|insert|update|delete|with|merge)\b/i;

/** SQL text held by a literal: an `sql` template's, or a string that starts like a statement. */
export function sqlTextOf(node) {
  const text = literalText(node);
  if (text === undefined) return undefined;
  if (node.type === 'TemplateLiteral' && isSqlTemplate(node)) return text;
  if (node.parent?.type === 'TaggedTemplateExpression') return undefined;
  return SQL_START.test(text) ? text : undefined;
}
