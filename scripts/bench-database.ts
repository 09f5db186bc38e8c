/**
 * The PostgreSQL database the benchmarks use: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local one. Import it before the test helpers: they read TEST_DATABASE_URL when
 * they load.
 */
export const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = postgresUrl;
