/**
 * The API reference page at /api/docs, rendered on the server from the OpenAPI document: plain
 * HTML and one style element, no script and nothing fetched from elsewhere, so it reads the same
 * on an offline LAN and under the app's Content-Security-Policy (docs/decisions/028-openapi.md).
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
  'x-kobo-access'?: string | string[];
};
type Document = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { description?: string }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function renderApiReference(document: unknown): string {
  const doc = document as Document;
  const operations = listOperations(doc);
  const tags = [...new Set(operations.map((operation) => operation.tag))].toSorted();
  const sections = tags.map((tag) => {
    const items = operations.filter((operation) => operation.tag === tag);
    return `<section id="${attr(`tag-${tag}`)}"><h2>${text(tag)}</h2>${items.map(renderOperation).join('')}</section>`;
  });
  const schemes = Object.entries(doc.components?.securitySchemes ?? {})
    .map(([name, scheme]) => `<li><code>${text(name)}</code>: ${text(scheme.description ?? '')}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(doc.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${text(doc.info.title)} <small>${text(doc.info.version)}</small></h1>
<p>${text(doc.info.description ?? '')}</p>
<p>The machine-readable document (OpenAPI 3.1): <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2>Signing in</h2>
<ul>${schemes}</ul>
<nav aria-label="Modules"><ul class="toc">${tags.map((tag) => `<li><a href="#${attr(`tag-${tag}`)}">${text(tag)}</a></li>`).join('')}</ul></nav>
</header>
<main>${sections.join('\n')}</main>
</body>
</html>
`;
}

type Listed = { method: string; path: string; tag: string; operation: Operation };

function listOperations(doc: Document): Listed[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Operation;
      return { method, path, tag: operation.tags?.[0] ?? 'api', operation };
    }),
  );
}

function renderOperation({ method, path, operation }: Listed): string {
  const access = operation['x-kobo-access'];
  const who = access === undefined || access === 'public' ? 'Anyone (no sign-in)' : `Callers with ${[access].flat().join(' or ')}`;
  const parameters = operation.parameters ?? [];
  const body = Object.entries(operation.requestBody?.content ?? {});
  const responses = Object.entries(operation.responses ?? {});
  return `<article class="operation">
<h3><span class="method ${attr(method)}">${text(method.toUpperCase())}</span> <code>${text(path)}</code></h3>
${operation.summary ? `<p>${text(operation.summary)}</p>` : ''}
<p class="access">Who may call: ${text(who)}</p>
${parameters.length > 0 ? renderParameters(parameters) : ''}
${body.map(([type, media]) => `<details><summary>Request body (${text(type)})</summary><pre>${text(JSON.stringify(media.schema ?? {}, null, 2))}</pre></details>`).join('')}
${responses.length > 0 ? `<p class="responses">Responses: ${responses.map(([status, response]) => `<code>${text(status)}</code> ${text(response.description ?? '')}`).join('; ')}</p>` : ''}
</article>`;
}

function renderParameters(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${text(parameter.name)}</code></td><td>${text(parameter.in)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td><code>${text(JSON.stringify(parameter.schema ?? {}))}</code>${parameter.description ? ` ${text(parameter.description)}` : ''}</td></tr>`,
    )
    .join('');
  return `<div class="table"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function text(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function attr(value: string): string {
  return text(value).replaceAll('"', '&quot;');
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #5b6470; --line: #d8dde3; --code: #f3f5f7; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15181c; --muted: #a0a8b3; --line: #343a42; --code: #1f242a; } }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 small { font-size: 1rem; color: var(--muted); font-weight: normal; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; text-transform: capitalize; }
h3 { font-size: 1rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
a { color: inherit; }
code, pre { font-family: ui-monospace, monospace; font-size: .875rem; background: var(--code); border-radius: 4px; }
code { padding: 0 .2rem; overflow-wrap: anywhere; }
pre { padding: .5rem; overflow-x: auto; }
.toc { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; list-style: none; }
.operation { border: 1px solid var(--line); border-radius: 6px; padding: .75rem; margin: .75rem 0; }
.method { display: inline-block; min-width: 4rem; font-family: ui-monospace, monospace; }
.get { color: #1c7c3c; } .post { color: #1f5fbf; } .put, .patch { color: #a05a00; } .delete { color: #b3261e; }
@media (prefers-color-scheme: dark) { .get { color: #6fd08c; } .post { color: #8ab4f8; } .put, .patch { color: #f0b35a; } .delete { color: #f28b82; } }
.access, .responses { color: var(--muted); margin: .25rem 0; }
.table { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: .25rem .5rem; vertical-align: top; }
`;
