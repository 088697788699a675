/**
 * What report SQL may call and cast to: an allow-list, not a deny-list. A function that runs
 * text it is given as a query (`ts_stat('select …')`, `query_to_xml`), reads the server
 * (`pg_read_file`, `current_setting`, `pg_show_all_settings`) or sleeps is simply not here, and
 * neither is any function PostgreSQL adds later. What reports need is: aggregates, window
 * functions, string, date, math and JSON functions, and casts to the plain types.
 */

const AGGREGATES = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'json_agg',
  'jsonb_agg',
  'json_object_agg',
  'jsonb_object_agg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'corr',
  'covar_pop',
  'covar_samp',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'grouping',
];

const WINDOW = [
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
];

const STRING = [
  'length',
  'char_length',
  'character_length',
  'octet_length',
  'lower',
  'upper',
  'initcap',
  'btrim',
  'ltrim',
  'rtrim',
  'substring',
  'substr',
  'left',
  'right',
  'concat',
  'concat_ws',
  'replace',
  'translate',
  'position',
  'strpos',
  'split_part',
  'reverse',
  'starts_with',
  'overlay',
  'lpad',
  'rpad',
  'repeat',
  'md5',
  'to_hex',
  'ascii',
  'chr',
  'regexp_replace',
  'regexp_match',
  'regexp_matches',
  'regexp_like',
  'regexp_count',
  'regexp_substr',
  'regexp_split_to_array',
  'string_to_array',
  'array_to_string',
  'array_length',
  'array_position',
  'cardinality',
  'unnest',
  'normalize',
  // What `LIKE … ESCAPE` and `SIMILAR TO` are parsed into.
  'like_escape',
  'similar_to_escape',
];

const DATE = [
  'now',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
  'date_trunc',
  'date_part',
  'date_bin',
  'extract',
  'age',
  'make_date',
  'make_time',
  'make_timestamp',
  'make_timestamptz',
  'make_interval',
  'to_char',
  'to_date',
  'to_timestamp',
  'to_number',
  'justify_days',
  'justify_hours',
  'justify_interval',
  'isfinite',
  'overlaps',
  // `AT TIME ZONE`.
  'timezone',
  'generate_series',
];

const MATH = [
  'abs',
  'ceil',
  'ceiling',
  'floor',
  'round',
  'trunc',
  'mod',
  'div',
  'power',
  'sqrt',
  'cbrt',
  'exp',
  'ln',
  'log',
  'log10',
  'sign',
  'pi',
  'width_bucket',
  'gcd',
  'lcm',
  'num_nulls',
  'num_nonnulls',
];

const JSON_FUNCTIONS = [
  'to_json',
  'to_jsonb',
  'row_to_json',
  'json_build_object',
  'jsonb_build_object',
  'json_build_array',
  'jsonb_build_array',
  'json_extract_path_text',
  'jsonb_extract_path_text',
  'json_array_elements',
  'jsonb_array_elements',
  'json_array_elements_text',
  'jsonb_array_elements_text',
  'json_array_length',
  'jsonb_array_length',
  'jsonb_each',
  'jsonb_each_text',
  'jsonb_object_keys',
  'jsonb_typeof',
];

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATES,
  ...WINDOW,
  ...STRING,
  ...DATE,
  ...MATH,
  ...JSON_FUNCTIONS,
]);

/**
 * Functions whose result grows with an argument: that argument must be a number written in the
 * SQL, at most this much (`repeat('x', 400000000)` took 6 s and left the embedded database
 * holding 1.4 GB for good).
 */
export const SIZE_ARGUMENTS: Readonly<Record<string, number>> = {
  repeat: 1,
  lpad: 1,
  rpad: 1,
};
export const MAX_SIZE_ARGUMENT = 10_000;

/**
 * Functions whose arguments may not be sub-queries: the planner would not see the row count
 * (`generate_series(1, (select 3000000))` is planned as 1,000 rows).
 */
export const NO_SUBQUERY_ARGUMENTS: ReadonlySet<string> = new Set(['generate_series']);

/** Type names a cast may name (the parser's names: `integer` is `int4`). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'int2',
  'int4',
  'int8',
  'int',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'bool',
  'boolean',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'json',
  'jsonb',
  'uuid',
]);

/** `CURRENT_DATE` and its kin; not `CURRENT_USER`, `CURRENT_SCHEMA` or `CURRENT_CATALOG`. */
export const ALLOWED_VALUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);
