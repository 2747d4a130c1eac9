/*
 * Product list benchmark (docs/performance-budgets.md): an organisation with 100,000 products and ~300,000 variants;
 * GET /v1/products (first, deep, random pages of 50; a search) and GET /v1/products/{id} at 1, 10
 * and 50 concurrent clients, against the compiled server in a child process; then the same SQL alone,
 * in rounds.
 *
 *   npx tsx bench/product-list/run.ts            (fresh embedded PostgreSQL in a temp dir)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/product-list/run.ts   (an empty database)
 *   BENCH_PRODUCTS=100000 BENCH_DURATION=20 BENCH_SQL_DURATION=20 BENCH_WARMUP=5 BENCH_ROUNDS=3 …   (defaults)
 *   BENCH_SCENARIOS=list-random,detail BENCH_CLIENTS=1,10 …   (a subset; the report is not written)
 *
 * Writes bench/results/product-list.md. Two organisations of very different sizes in one database
 * (alone and together): tenants.ts, bench/results/product-list-tenants.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import {
  ListKeysCache,
  LIST_KEY_STEP,
} from '../../apps/server/src/modules/catalog/list-keys-cache';
import {
  ProductsRepository,
  toPageWithCounts,
  type ListKey,
  type PageWithCountsRow,
} from '../../apps/server/src/modules/catalog/products-repository';
import {
  catalogVersion,
  HeldIds,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from '../../apps/server/src/modules/catalog/search-matches-cache';
import { ProductDetailRepository } from '../../apps/server/src/modules/catalog/product-detail-repository';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import {
  orderName,
  orderVersion,
  type ProductOrder,
  type SortedKey,
} from '../../apps/server/src/modules/catalog/product-order';
import { SortedPagesRepository } from '../../apps/server/src/modules/catalog/sorted-pages-repository';
import { startSmtpCapture } from '../../apps/server/test/support/smtp-capture';
import { littleMean, load, summarise, type LoadRow } from './load';
import {
  PAGE_SIZE,
  newSearchTerm,
  pick,
  productListScenarios,
  randomInt,
  SEARCHES,
  SORTED_ORDERS,
  type Scenario,
} from './scenarios';
import {
  ROOT,
  serverCommand,
  serverEnv,
  signIn,
  startHttpFloor,
  startServer,
  stopServer,
} from './server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const VARIANTS = 3;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
/** Seconds per row of the SQL alone: by default as long as the API's, so both means cover the same time. */
const SQL_DURATION = Number(process.env.BENCH_SQL_DURATION ?? DURATION);
/** Seconds of load per scenario before each round's measured rows (API at 10 clients, SQL alone). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = (process.env.BENCH_CLIENTS ?? '1,10,50').split(',').map(Number);
/** Load rounds over the one seeded catalogue; the report gives each row's median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY_SCENARIOS = process.env.BENCH_SCENARIOS?.split(',');

const log = (message: string) => console.log(`[bench] ${message}`);

type SqlRow = { scenario: string; connections: number } & Pick<
  LoadRow,
  'p50' | 'p99' | 'mean' | 'littleMean' | 'rps'
>;

type ApiRow = SqlRow & LoadRow;

interface Round {
  rows: ApiRow[];
  sqlRows: SqlRow[];
  /** An HTTP round trip alone at 1 client (http-floor-server.ts), when the detail was measured. */
  floor?: LoadRow;
  rss: { peakMb: number; currentMb: number };
  loadAverage: number[];
}

function peakRss(pid: number): { peakMb: number; currentMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, currentMb: kb('VmRSS') / 1024 };
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  let embedded: EmbeddedDatabase | undefined;
  // Embedded PostgreSQL's data (unless BENCH_DATABASE_URL) and the server's DATA_DIR.
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-pg-'));
  fs.chmodSync(tempDir, 0o755);
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    log(`starting embedded PostgreSQL in ${tempDir}`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
    url = embedded.connectionString;
  }
  await migrate(url);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(
    serverEnv({ url, port, smtpUrl: smtp.url, dataDir: tempDir }),
    baseUrl,
  );
  const handle = createDb(url, { max: 12 });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const user = await signIn(baseUrl, smtp, email);
    log(`seeding ${PRODUCTS} products × ~${VARIANTS} variants into ${user.orgId}`);
    const seeded = await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: VARIANTS,
      seed: 1,
      onProgress: (done, total) => {
        if (done % 20_000 === 0 || done === total) log(`  ${done} / ${total}`);
      },
    });
    log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);
    // Dirty pages the seed leaves would be written back by a checkpoint during the first
    // scenarios: write them now so every scenario meets the same database.
    const checkpointStarted = Date.now();
    await sql`CHECKPOINT`.execute(handle.db).then(
      () => log(`CHECKPOINT after the seed took ${Date.now() - checkpointStarted} ms`),
      (error: unknown) =>
        log(`CHECKPOINT failed (${String(error)}); the first scenarios may run during write-back`),
    );
    // autocannon measures latency in this process: collect what the seed left behind now, not in
    // a pause during the first scenario's rows.
    const heapBefore = process.memoryUsage().heapUsed;
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
    log(
      `bench process heap after the seed ${(heapBefore / 2 ** 20).toFixed(0)} MB, after a full GC ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
    );

    const ids = (
      await handle.db
        .selectFrom('products')
        .select('id')
        .where('organization_id', '=', user.orgId)
        .orderBy(({ fn }) => fn('random', []))
        .limit(5000)
        .execute()
    ).map((r) => r.id);
    const lastPage = Math.ceil(PRODUCTS / PAGE_SIZE);
    const scenarios = productListScenarios(lastPage, ids);

    const idleRss = peakRss(server.pid!).currentMb;
    const chosen = scenarios.filter((s) => !ONLY_SCENARIOS || ONLY_SCENARIOS.includes(s.name));

    // The same SQL alone: the queries one request runs (session and membership come from the server's
    // short cache in steady state), in the same order, straight through pg.
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    const products = new ProductsRepository(handle.db);
    const details = new ProductDetailRepository(handle.db);
    const keys = new ListKeysCache((org) => products.listKeys(org, LIST_KEY_STEP));
    const run = async (c: CompiledQuery<PageWithCountsRow>) =>
      toPageWithCounts(
        (await pool.query<PageWithCountsRow>(c.sql, c.parameters as unknown[])).rows[0]!,
      );
    const searches = new SearchMatchesCache();
    // Mirrors CatalogService.list: one statement with counters and page; deep pages start at a
    // remembered key (the keys are cached, as in the server).
    const listSql = async (page: number) => {
      const offset = (page - 1) * PAGE_SIZE;
      let start: { from?: ListKey; offset: number } = { offset };
      if (offset >= LIST_KEY_STEP) {
        const version =
          keys.versionOf(user.orgId) ?? (await products.stats(user.orgId)).listVersion;
        start = await keys.startFor(user.orgId, version, offset);
      }
      await run(
        products.pageWithCountsCompiled(user.orgId, {}, { ...start, limit: PAGE_SIZE }, false),
      );
    };
    // Mirrors CatalogService.searchPage: the first page from the held matches while the catalogue
    // version is the same, else the full search, whose matches are then held.
    const searchSql = async (term: string) => {
      const held = searches.get(user.orgId, term);
      const ids = held && SearchMatchesCache.page(held, 0, PAGE_SIZE);
      if (held && ids) {
        const page = await run(products.pageOfIdsCompiled(user.orgId, ids));
        if (catalogVersion(page.stats) === held.version) return;
      }
      const found = await run(
        products.pageWithCountsCompiled(
          user.orgId,
          { search: term },
          { offset: 0, limit: PAGE_SIZE },
          true,
          SEARCH_MATCHES_HELD,
        ),
      );
      searches.set(user.orgId, term, {
        version: catalogVersion(found.stats),
        total: found.windowTotal ?? 0,
        ids: new HeldIds(found.ids ?? ''),
      });
    };
    // Mirrors SortedProductList.page: deep unfiltered pages start at a remembered position of the
    // order (cached per order); a sorted search's first page from its held matches when valid.
    const sortedPages = new SortedPagesRepository(handle.db);
    const sortedKeys = new Map<string, ListKeysCache<SortedKey>>();
    const sortedSql = async (order: ProductOrder, page: number) => {
      const offset = (page - 1) * PAGE_SIZE;
      let start: { from?: SortedKey; offset: number } = { offset };
      if (offset >= LIST_KEY_STEP) {
        let cache = sortedKeys.get(orderName(order));
        if (!cache) {
          cache = new ListKeysCache((org) => sortedPages.keys(org, order, LIST_KEY_STEP));
          sortedKeys.set(orderName(order), cache);
        }
        const version =
          cache.versionOf(user.orgId) ?? (await sortedPages.version(user.orgId, order));
        start = await cache.startFor(user.orgId, version, offset);
        const result = await run(
          sortedPages.pageWithCountsCompiled(
            user.orgId,
            order,
            {},
            { ...start, limit: PAGE_SIZE },
            false,
          ),
        );
        // As the server: volatile orders take their positions again in the background.
        const current = orderVersion(order, catalogVersion(result.stats), result.positionsVersion);
        if (current !== version) cache.refresh(user.orgId, current);
        return;
      }
      await run(
        sortedPages.pageWithCountsCompiled(
          user.orgId,
          order,
          {},
          { ...start, limit: PAGE_SIZE },
          false,
        ),
      );
    };
    const sortedSearches = new SearchMatchesCache();
    const sortedSearchSql = async (term: string, order: ProductOrder) => {
      const key = `${term}\u0000${orderName(order)}`;
      const held = sortedSearches.get(user.orgId, key);
      const ids = held && SearchMatchesCache.page(held, 0, PAGE_SIZE);
      if (held && ids) {
        const page = await run(sortedPages.pageOfIdsCompiled(user.orgId, order, ids));
        const version = orderVersion(order, catalogVersion(page.stats), page.positionsVersion);
        if (version === held.version) return;
      }
      const found = await run(
        sortedPages.pageWithCountsCompiled(
          user.orgId,
          order,
          { search: term },
          { offset: 0, limit: PAGE_SIZE },
          true,
          SEARCH_MATCHES_HELD,
        ),
      );
      sortedSearches.set(user.orgId, key, {
        version: orderVersion(order, catalogVersion(found.stats), found.positionsVersion),
        total: found.windowTotal ?? 0,
        ids: new HeldIds(found.ids ?? ''),
      });
    };
    const sqlScenarios: Record<string, () => Promise<unknown>> = {
      'list-first': () => listSql(1),
      'list-deep': () => listSql(randomInt(Math.floor(lastPage * 0.95), lastPage)),
      'list-random': () => listSql(randomInt(1, lastPage)),
      search: () => searchSql(pick(SEARCHES)),
      'search-new': () => searchSql(newSearchTerm()),
      'sorted-first': () => sortedSql(pick(SORTED_ORDERS), 1),
      'sorted-deep': () =>
        sortedSql(pick(SORTED_ORDERS), randomInt(Math.floor(lastPage * 0.95), lastPage)),
      'sorted-random': () => sortedSql(pick(SORTED_ORDERS), randomInt(1, lastPage)),
      'sorted-search': () => sortedSearchSql(pick(SEARCHES), pick(SORTED_ORDERS)),
      detail: () => details.detailJson(user.orgId, pick(ids)),
    };

    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      // A fresh token per round (access tokens last 15 minutes).
      const auth = await signIn(baseUrl, smtp, email);
      const headers = { authorization: `Bearer ${auth.token}`, 'x-organization-id': user.orgId };
      // Peak RSS from here on: the load, not start-up (writing 5 resets VmHWM).
      try {
        fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      } catch {
        log('could not reset the peak RSS counter; the figure includes start-up');
      }
      // Warm-up: every scenario for WARMUP seconds at 10 clients, so the first rows measured meet
      // a server whose code is optimised and whose heap has settled, like the later rows do.
      for (const s of chosen) {
        await load({ url: baseUrl, headers, path: s.path, clients: 10, seconds: WARMUP });
      }
      // Each scenario's SQL alone right after its API rows, so both see the same background load
      // (the machine is shared; measured minutes apart, their ratio drifted with it).
      const rows: ApiRow[] = [];
      const sqlRows: SqlRow[] = [];
      for (const s of chosen) {
        for (const connections of CONNECTIONS) {
          log(`${s.name} × ${connections} for ${DURATION} s`);
          const r = await load({
            url: baseUrl,
            headers,
            path: s.path,
            clients: connections,
            seconds: DURATION,
          });
          rows.push({ scenario: s.name, connections, ...r });
          log(
            `  p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, mean ${r.mean.toFixed(2)} ms (Little ${r.littleMean.toFixed(2)}), ${r.rps.toFixed(0)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`,
          );
        }
        const fn = sqlScenarios[s.name]!;
        const warm = Date.now() + WARMUP * 1000;
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            while (Date.now() < warm) await fn();
          }),
        );
        for (const connections of CONNECTIONS.filter((c) => c <= 10)) {
          const latencies: number[] = [];
          const until = Date.now() + SQL_DURATION * 1000;
          await Promise.all(
            Array.from({ length: connections }, async () => {
              while (Date.now() < until) {
                const t0 = performance.now();
                await fn();
                latencies.push(performance.now() - t0);
              }
            }),
          );
          const row = {
            scenario: s.name,
            connections,
            ...summarise(latencies),
            littleMean: littleMean(connections, SQL_DURATION, latencies.length),
            rps: latencies.length / SQL_DURATION,
          };
          sqlRows.push(row);
          const apiRow = rows.find((r) => r.scenario === s.name && r.connections === connections)!;
          log(
            `SQL ${s.name} × ${connections}: p50 ${row.p50.toFixed(2)} ms, p99 ${row.p99.toFixed(2)} ms, mean ${row.mean.toFixed(2)} ms (Little ${row.littleMean.toFixed(2)}); API / SQL ${(apiRow.mean / row.mean).toFixed(2)} (Little ${(apiRow.littleMean / row.littleMean).toFixed(2)})`,
          );
        }
      }
      // The floor under the detail's API / SQL ratio: the same round trip with no work behind it,
      // answering a detail's body from its own process.
      let floor: LoadRow | undefined;
      if (chosen.some((s) => s.name === 'detail')) {
        const sample = await fetch(`${baseUrl}/v1/products/${ids[0]}`, { headers });
        if (!sample.ok) throw new Error(`detail for the HTTP floor: ${sample.status}`);
        const floorServer = await startHttpFloor(await sample.text(), await freePort());
        try {
          const floorLoad = { url: floorServer.url, headers, path: () => `/floor/${pick(ids)}` };
          await load({ ...floorLoad, clients: 1, seconds: WARMUP });
          floor = await load({ ...floorLoad, clients: 1, seconds: DURATION });
          log(
            `HTTP round trip alone × 1: p50 ${floor.p50.toFixed(3)} ms, mean ${floor.mean.toFixed(3)} ms (Little ${floor.littleMean.toFixed(3)})`,
          );
        } finally {
          await stopServer(floorServer.child);
        }
      }
      const rss = peakRss(server.pid!);
      log(`server RSS peak ${rss.peakMb.toFixed(0)} MB, now ${rss.currentMb.toFixed(0)} MB`);
      rounds.push({ rows, sqlRows, ...(floor && { floor }), rss, loadAverage: os.loadavg() });
    }
    await pool.end();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const sizes = (
      await client.query<{ products: string; variants: string; listings: string; version: string }>(
        `SELECT (SELECT count(*) FROM products) AS products,
                (SELECT count(*) FROM product_variants) AS variants,
                (SELECT count(*) FROM channel_listings) AS listings, version() AS version`,
      )
    ).rows[0]!;
    await client.end();

    const complete =
      chosen.length === scenarios.length && [1, 10, 50].every((c) => CONNECTIONS.includes(c));
    if (complete) writeReport({ rounds, idleRss, seeded, sizes, loadBefore, started, scenarios });
    else log('a subset of scenarios or clients ran: bench/results/product-list.md left as it is');
  } finally {
    await stopServer(server);
    await handle.close();
    await smtp.close();
    await embedded?.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each row's median over the rounds (counts of non-2xx and errors summed). */
function medianRows<T extends SqlRow>(rows: T[][], extra: (all: T[]) => Partial<T> = () => ({})) {
  return rows[0]!.map((first) => {
    const all = rows.map((round) =>
      round.find((r) => r.scenario === first.scenario && r.connections === first.connections)!,
    );
    return {
      ...first,
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      mean: median(all.map((r) => r.mean)),
      littleMean: median(all.map((r) => r.littleMean)),
      rps: median(all.map((r) => r.rps)),
      ...extra(all),
    };
  });
}

const LIST_NAMES = ['list-first', 'list-deep', 'list-random'];
/** List pages with a search term (repeated, never asked before): held to the same lines. */
const SEARCH_NAMES = ['search', 'search-new'];
/** List pages in a sorted order (issue 22 item 4): held to the same lines. */
const SORTED_NAMES = ['sorted-first', 'sorted-deep', 'sorted-random', 'sorted-search'];

/** The budget figures of one set of rows (one round, or the medians). */
function budgetFigures(rows: ApiRow[], sqlRows: SqlRow[], floorMean: number | undefined) {
  const api = (s: string, c: number) => rows.find((r) => r.scenario === s && r.connections === c)!;
  const sql = (s: string, c: number) =>
    sqlRows.find((r) => r.scenario === s && r.connections === c)!;
  // Means of per-request times (fractional ms), and the same by Little's law as a cross-check.
  const ratio = (s: string) => api(s, 1).mean / Math.max(0.001, sql(s, 1).mean);
  const detailSql = sql('detail', 1).mean;
  return {
    p99At10: LIST_NAMES.map((s) => api(s, 10).p99),
    searchP99At10: SEARCH_NAMES.map((s) => api(s, 10).p99),
    sortedP99At10: SORTED_NAMES.map((s) => api(s, 10).p99),
    sortedDeepMean: api('sorted-deep', 1).mean / Math.max(0.001, api('sorted-first', 1).mean),
    sortedApiSql: SORTED_NAMES.map(ratio),
    detailP99At10: api('detail', 10).p99,
    deepP50: api('list-deep', 1).p50 / Math.max(0.001, api('list-first', 1).p50),
    deepMean: api('list-deep', 1).mean / Math.max(0.001, api('list-first', 1).mean),
    deepLittle: api('list-deep', 1).littleMean / Math.max(0.001, api('list-first', 1).littleMean),
    apiSql: LIST_NAMES.map(ratio),
    apiSqlLittle: LIST_NAMES.map(
      (s) => api(s, 1).littleMean / Math.max(0.001, sql(s, 1).littleMean),
    ),
    searchApiSql: SEARCH_NAMES.map(ratio),
    detailApiSql: ratio('detail'),
    detailSql,
    floorMean,
    /** The detail's ratio if the API added nothing but a bare HTTP round trip to its statement. */
    floorRatio:
      floorMean === undefined ? undefined : (detailSql + floorMean) / Math.max(0.001, detailSql),
  };
}

function writeReport(input: {
  rounds: Round[];
  idleRss: number;
  seeded: { products: number; variants: number; listings: number; ms: number };
  sizes: { products: string; variants: string; listings: string; version: string };
  loadBefore: number[];
  started: number;
  scenarios: Scenario[];
}) {
  const { rounds } = input;
  const rows: ApiRow[] = medianRows(
    rounds.map((r) => r.rows),
    (all) => ({
      total: all.reduce((n, r) => n + r.total, 0),
      non2xx: all.reduce((n, r) => n + r.non2xx, 0),
      errors: all.reduce((n, r) => n + r.errors, 0),
    }),
  );
  const sqlRows = medianRows(rounds.map((r) => r.sqlRows));
  const api = (s: string, c: number) => rows.find((r) => r.scenario === s && r.connections === c)!;
  const floorMeans = rounds.flatMap((r) => (r.floor ? [r.floor.mean] : []));
  const figures = budgetFigures(
    rows,
    sqlRows,
    floorMeans.length === rounds.length ? median(floorMeans) : undefined,
  );
  const perRound = rounds.map((r) => budgetFigures(r.rows, r.sqlRows, r.floor?.mean));
  const p99At10 = Math.max(...figures.p99At10);
  const worstRatio = Math.max(...figures.apiSql);
  const peaks = rounds.map((r) => r.rss.peakMb);
  const peakMax = Math.max(...peaks);
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const list = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(' / ');
  const { command } = { command: serverCommand() };
  const cpu = os.cpus();
  const lines = [
    '# Product list benchmark',
    '',
    `Run ${new Date().toISOString()} by \`npx tsx bench/product-list/run.ts\` (also \`npm run bench -- product-list\`), ${((Date.now() - input.started) / 60000).toFixed(1)} min in all: ${rounds.length} rounds over one seeded catalogue; every figure below is the median of the rounds unless it says otherwise.`,
    '',
    `- Data: ${input.sizes.products} products, ${input.sizes.variants} variants, ${input.sizes.listings} channel listings in one organisation (seeded in ${(input.seeded.ms / 1000).toFixed(1)} s by \`seedCatalog\`).`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.type()} ${os.release()}; load average before the run ${list(input.loadBefore, 1)}, after each round ${rounds.map((r) => list(r.loadAverage, 1)).join('; ')} (the machine is shared).`,
    `- Database: ${input.sizes.version.split(',')[0]}, ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'fresh embedded server, default settings'}.`,
    `- Server: the compiled server as \`npm start\` runs it (\`node ${command.run.map((a) => path.relative(ROOT, a) || a).join(' ')}\`, built by apps/server/build.mjs; API, job worker and sandbox emulators in one process) in a child process, LOG_LEVEL=warn, API pool of 10 connections; load from autocannon in the parent, ${DURATION} s per row; the SQL alone ${SQL_DURATION} s per row. After seeding, a \`CHECKPOINT\` writes the seed's dirty pages back before any load; each round first runs every scenario for ${WARMUP} s at 10 clients unmeasured, then per scenario the API rows and right after them its SQL alone (after its own ${WARMUP} s warm-up), so both see the same background load.`,
    `- Server resident memory: ${input.idleRss.toFixed(0)} MB idle after start-up and sign-in; peak under load (VmHWM, reset before each round) **${peakMax.toFixed(0)} MB** at most (rounds: ${list(peaks, 0)} MB); ${rounds.at(-1)!.rss.currentMb.toFixed(0)} MB at the end.`,
    '',
    '## API',
    '',
    '| scenario | what | clients | p50 ms | p99 ms | mean ms | clients / req/s, ms | req/s | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${input.scenarios.find((s) => s.name === r.scenario)?.description ?? ''} | ${r.connections} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mean.toFixed(2)} | ${r.littleMean.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.non2xx} | ${r.errors} |`,
    ),
    '',
    '## The same SQL alone',
    '',
    `Per request the API runs (its session and membership checks are served from a 2-second cache, docs/decisions/0011): the list (one statement: the counters row and the page's rows as JSON, rendered by PostgreSQL, deep pages from the remembered list keys) or the detail (one statement: the product and its variants as JSON, rendered by PostgreSQL). Here the same statements run straight through \`pg\` from the benchmark process.`,
    '',
    '| scenario | clients | p50 ms | p99 ms | mean ms | clients / per s, ms | per s | API mean / SQL mean |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...sqlRows.map(
      (r) =>
        `| ${r.scenario} | ${r.connections} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mean.toFixed(2)} | ${r.littleMean.toFixed(2)} | ${r.rps.toFixed(0)} | ${(api(r.scenario, r.connections).mean / Math.max(0.001, r.mean)).toFixed(2)} |`,
    ),
    '',
    '## Budget (docs/performance-budgets.md)',
    '',
    `- p99 under 30 ms at 10 clients (list pages first / deep / random): ${list(figures.p99At10, 1)} ms — ${verdict(p99At10 < 30)}. Per round: ${perRound.map((f) => list(f.p99At10, 1)).join('; ')}.`,
    `- The same with a search term (repeated / never asked before): ${list(figures.searchP99At10, 1)} ms — ${verdict(Math.max(...figures.searchP99At10) < 30)}. Per round: ${perRound.map((f) => list(f.searchP99At10, 1)).join('; ')}.`,
    `- Sorted by a column (first / deep / random / search): p99 at 10 clients ${list(figures.sortedP99At10, 1)} ms — ${verdict(Math.max(...figures.sortedP99At10) < 30)}; deep / first mean at 1 client ${figures.sortedDeepMean.toFixed(2)} — ${verdict(figures.sortedDeepMean <= 1.25)}; API / SQL mean at 1 client ${list(figures.sortedApiSql)} — ${verdict(Math.max(...figures.sortedApiSql) <= 1.5)}.`,
    `- Deep pages as fast as the first (1 client, deep / first): p50 ${figures.deepP50.toFixed(2)}, mean ${figures.deepMean.toFixed(2)} (by Little's law ${figures.deepLittle.toFixed(2)}) — ${verdict(figures.deepMean <= 1.25)}.`,
    `- API within 1.5 × its SQL alone (mean at 1 client, list pages first / deep / random): ${list(figures.apiSql)} — ${verdict(worstRatio <= 1.5)}; by Little's law ${list(figures.apiSqlLittle)}. Per round: ${perRound.map((f) => list(f.apiSql)).join('; ')}.`,
    `- The same with a search term (repeated / never asked before): ${list(figures.searchApiSql)} — ${verdict(Math.max(...figures.searchApiSql) <= 1.5)}. Per round: ${perRound.map((f) => list(f.searchApiSql)).join('; ')}.`,
    `- Product detail (not a list page, which is what docs/performance-budgets.md sets these lines for): p99 at 10 clients ${figures.detailP99At10.toFixed(1)} ms — ${verdict(figures.detailP99At10 < 30)}; API / SQL mean at 1 client ${figures.detailApiSql.toFixed(2)} (per round ${perRound.map((f) => f.detailApiSql.toFixed(2)).join(' / ')}). ${figures.floorMean === undefined || figures.floorRatio === undefined ? 'The HTTP round trip alone was not measured.' : `An HTTP round trip alone (a bare Fastify server in its own process answering a detail's body, http-floor-server.ts) took ${figures.floorMean.toFixed(3)} ms at 1 client, against ${figures.detailSql.toFixed(3)} ms for the detail's statement alone: an API adding nothing but that round trip would be at ${figures.floorRatio.toFixed(2)} (per round ${perRound.map((f) => f.floorRatio?.toFixed(2) ?? '–').join(' / ')}).`}`,
    `- Server memory under 250 MB resident: peak ${peakMax.toFixed(0)} MB — ${verdict(peakMax < 250)}.`,
    '',
    "Request times: the API's from autocannon's per-request timer (its 'response' events, fractional ms; the whole-millisecond histogram in its result is not used), the SQL alone's from `performance.now()` around each call; both loops run their clients back to back over the same duration, so the column clients / req/s (Little's law) is an independent check of each mean.",
    '',
  ];
  const out = path.join(ROOT, 'bench/results/product-list.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join('\n'));
  log(`wrote ${path.relative(ROOT, out)}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
