import type pg from 'pg';

/**
 * Runs `work` on the client with auto_explain sending the plan of every statement it runs, nested
 * ones included, to the client; answers the most rows any join node compared and threw away.
 */
export async function mostJoinFilterRows(client: pg.Client, work: () => Promise<unknown>) {
  let most = 0;
  const onNotice = (notice: { message?: string }) => {
    for (const m of (notice.message ?? '').matchAll(/Rows Removed by Join Filter: (\d+)/g)) {
      most = Math.max(most, Number(m[1]));
    }
  };
  await client.query(`LOAD 'auto_explain'`);
  await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
    SET auto_explain.log_timing = off; SET auto_explain.log_nested_statements = on;
    SET auto_explain.log_level = notice`);
  client.on('notice', onNotice);
  try {
    await work();
  } finally {
    client.off('notice', onNotice);
    await client.query('SET auto_explain.log_min_duration = -1');
  }
  return most;
}
