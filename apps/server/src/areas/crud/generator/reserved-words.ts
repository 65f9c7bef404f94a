/**
 * Names a table or field may not take: keywords of MySQL/MariaDB, PostgreSQL and SQLite (a
 * column named `order` needs quoting everywhere and breaks hand-written SQL), and JavaScript /
 * TypeScript reserved words (generated code uses field names as object keys and in type
 * declarations; `__proto__` and `constructor` would also reach the prototype of a row object).
 * Lower case, as names are (CRUD_FIELD_NAME_PATTERN).
 */

const SQL = `
accessible add all alter analyze and as asc asensitive before between bigint binary blob both by
call cascade case change char character check collate column condition constraint continue convert
create cross current_date current_time current_timestamp current_user cursor database databases
day_hour day_microsecond day_minute day_second dec decimal declare default delayed delete desc
describe deterministic distinct distinctrow div double drop dual each else elseif enclosed escaped
except exists exit explain false fetch float float4 float8 for force foreign from fulltext function
general generated get grant group having high_priority hour_microsecond hour_minute hour_second if
ignore ignore_server_ids in index infile inner inout insensitive insert int int1 int2 int3 int4 int8
integer intersect interval into io_after_gtids io_before_gtids is iterate join key keys kill lateral
leading leave left like limit linear lines load localtime localtimestamp lock long longblob longtext
loop low_priority master_bind master_heartbeat_period master_ssl_verify_server_cert match maxvalue
mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies natural not
no_write_to_binlog null numeric of offset on optimize optimizer_costs option optionally or order out
outer outfile over partition precision primary procedure purge range read reads read_write real
recursive references regexp release rename repeat replace require resignal restrict return returning
revoke right rlike rows row_number schema schemas second_microsecond select sensitive separator set
show signal slow smallint spatial specific sql sqlexception sqlstate sqlwarning sql_big_result
sql_calc_found_rows sql_small_result ssl starting stored straight_join system table terminated then
tinyblob tinyint tinytext to trailing trigger true undo union unique unlock unsigned update usage use
using utc_date utc_time utc_timestamp values varbinary varchar varcharacter varying virtual when
where while window with write xor year_month zerofill
abort action after attach autoincrement begin collation commit conflict deferrable deferred detach
do end exclusive fail filter first following full glob immediate indexed initially instead isnull
materialized no nothing notnull nulls others plan pragma preceding query raise reindex rollback row
savepoint temp temporary ties transaction unbounded vacuum view
analyse array asymmetric authorization concurrently current_catalog current_role current_schema
deferrable do freeze ilike initially localtime only overlaps placing primary session_user similar
some symmetric tablesample user variadic verbose
`;

const SCRIPT = `
await break case catch class const continue debugger default delete do else enum export extends
false finally for function if implements import in instanceof interface let new null package private
protected public return static super switch this throw true try typeof var void while with yield
arguments eval undefined constructor prototype __proto__
`;

/** Every reserved word, lower case. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(`${SQL} ${SCRIPT}`.split(/\s+/).filter(Boolean));

export function isReserved(name: string): boolean {
  return RESERVED_WORDS.has(name.toLowerCase());
}
