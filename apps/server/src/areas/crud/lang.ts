/**
 * The generator's server messages, keyed by their English text as in the core: its answers,
 * the admin-log titles of its actions (stored as written) and its route summaries (the API
 * reference looks a summary up in the language packs). The app merges this pack at start.
 */
import type { LanguagePack } from '@portico/server-sdk';
import { DESIGN_MESSAGES } from './generator/index.js';

export const MESSAGES = {
  badTableName:
    'The table name must be lower-case letters, digits and underscores, start with a letter and be at most 40 long',
  coreTable: 'Table %s belongs to the core: the CRUD generator cannot design, alter or drop it',
  moduleTable: 'Table %s belongs to an installed module: the CRUD generator cannot design, alter or drop it',
  searchIndexTable:
    'Table %s belongs to the search index of table %s: the CRUD generator cannot design, alter or drop it',
  notGenerated: '%s was not made by the CRUD generator: it is neither replaced nor removed',
  moduleTaken: 'A module named %s already exists: the CRUD generator cannot replace it',
  superOnly: 'Only super administrators can generate or delete code',
  confirmDrop: 'Generating drops columns holding data (rows with a value): %s. Confirm each column to go on',
  dropTooLarge:
    'Table %s has %s rows, more than the %s a dropped table may file in the recycle log: keep the table, or empty it first',
  superOnlyPackage: 'Only super administrators can download or publish generated code',
  noPackage: 'Only a successful generation has a module to download or publish',
  moduleGone: 'The module %s of this record was deleted: generate it again to download or publish it',
  recordReplaced:
    'Record %s was followed by a later generation of its table (record %s): download or publish that one',
  noStore: 'The module store does not run on this site',
  published: 'Version %s of %s is published on the store',
  // The core's own keys, already translated there.
  recordNotFound: 'Record not found',
  tableNotFound: 'Data table %s does not exist',
  deleted: 'Deleted successfully',
} as const;

/** Admin-log titles (the original's where it had them). */
export const LOG_TITLES = {
  generateCheck: 'Generate check',
  parseFieldData: 'Parse field data',
  logStart: 'Log start',
  generate: 'CRUD code generate',
  delete: 'Delete CRUD code',
  download: 'Download CRUD module package',
  publish: 'Publish CRUD module on the store',
} as const;

export const CRUD_LANG: { 'zh-cn': LanguagePack; en: LanguagePack } = {
  'zh-cn': {
    [MESSAGES.badTableName]: '数据表名只能是小写字母、数字和下划线，以字母开头，最长 40 个字符',
    [MESSAGES.coreTable]: '数据表 %s 属于系统核心：CRUD 代码生成不能设计、修改或删除它',
    [MESSAGES.moduleTable]: '数据表 %s 属于已安装的模块：CRUD 代码生成不能设计、修改或删除它',
    [MESSAGES.searchIndexTable]: '数据表 %s 属于数据表 %s 的搜索索引：CRUD 代码生成不能设计、修改或删除它',
    [MESSAGES.notGenerated]: '%s 不是 CRUD 代码生成所生成的：不会覆盖也不会删除它',
    [MESSAGES.moduleTaken]: '已存在名为 %s 的模块：CRUD 代码生成不能覆盖它',
    [MESSAGES.superOnly]: '只有超级管理员可以生成或删除代码',
    [MESSAGES.confirmDrop]:
      '本次生成将删除仍有数据的字段（括号内为有值的行数）：%s。请逐一确认这些字段后继续',
    [MESSAGES.dropTooLarge]:
      '数据表 %s 有 %s 行，超过删除数据表时可存入回收站的 %s 行：请保留数据表，或先清空它',
    [MESSAGES.superOnlyPackage]: '只有超级管理员可以下载或发布生成的代码',
    [MESSAGES.noPackage]: '只有生成成功的记录才有可下载或发布的模块',
    [MESSAGES.moduleGone]: '该记录的模块 %s 已被删除：请重新生成后再下载或发布',
    [MESSAGES.recordReplaced]: '记录 %s 之后，该数据表又生成过一次（记录 %s）：请下载或发布那一条',
    [MESSAGES.noStore]: '本站没有运行模块商店',
    [MESSAGES.published]: '版本 %s（%s）已发布到商店',
    // The design check's refusals (generator/check-design.ts).
    [DESIGN_MESSAGES.invalid]: '设计无效：%s',
    [DESIGN_MESSAGES.tableName]: '数据表名 %s 无效：只能使用小写字母、数字和下划线，并以字母开头',
    [DESIGN_MESSAGES.fieldName]: '字段名 %s 无效：只能使用小写字母、数字和下划线，并以字母开头',
    [DESIGN_MESSAGES.reserved]: '名称 %s 是数据库或 JavaScript 的保留字，请换一个',
    [DESIGN_MESSAGES.duplicate]: '字段 %s 被设计了两次',
    [DESIGN_MESSAGES.primaryKey]: '设计必须有且只有一个主键字段',
    [DESIGN_MESSAGES.columnType]: '字段 %s 的字段类型 %s 未知',
    [DESIGN_MESSAGES.length]: '字段 %s 的长度或小数位超出范围',
    [DESIGN_MESSAGES.defaultValue]: '字段 %s 的默认值与其类型不符',
    [DESIGN_MESSAGES.dictionary]: '字段 %s 需要选项：请写在字段注释中，例如 "状态:0=关闭,1=开启"',
    [DESIGN_MESSAGES.option]: '选项 %s（字段 %s）无效',
    [DESIGN_MESSAGES.remoteTable]: '远程下拉 %s 需要有效的数据表名和字段名',
    [DESIGN_MESSAGES.unknownField]: '字段 %s（%s 中所列）不在设计中',
    [DESIGN_MESSAGES.passwordColumn]: '密码字段 %s 存储的是哈希值：请将其设为至少 %s 个字符的文本字段',
    [LOG_TITLES.generateCheck]: '生成前检查',
    [LOG_TITLES.parseFieldData]: '解析字段数据',
    [LOG_TITLES.logStart]: '从历史记录开始',
    [LOG_TITLES.generate]: 'CRUD代码生成',
    [LOG_TITLES.delete]: '删除CRUD代码',
    [LOG_TITLES.download]: '下载CRUD模块包',
    [LOG_TITLES.publish]: '发布CRUD模块到商店',
    // Route summaries, for the API reference page of a Chinese reader.
    'The tables of the database a design may start from, each refused table with the reason':
      '可用于开始设计的数据表，不可用的数据表附带原因',
    "Before generating: code -1 with {table, controller} when the table or the generator's module already exists; a module of someone else's is refused":
      '生成前检查：数据表或生成的模块已存在时返回 code -1 及 {table, controller}；非代码生成的同名模块则拒绝',
    "The table's last record when it is a success (start with the historical record), else 0":
      '数据表最近一条生成记录成功时返回其 id（从历史记录开始），否则返回 0',
    "A record's design, to start from it; table.empty says whether its table has no rows":
      '读取一条生成记录的设计以从其开始；table.empty 表示数据表是否没有数据',
    "An existing table's columns as designed fields (by name), its comment and whether it has no rows":
      '已有数据表的字段（按字段名）解析为设计字段，以及表注释和是否没有数据',
    "Where a table's generated module goes: its package folder and the files the original's keys name":
      '数据表生成的模块所在位置：模块包目录，以及原版字段名对应的文件',
    'Generate the module of a design and install it; refused with data {confirmDrop} until every dropped column is confirmed':
      '按设计生成模块并安装；删除字段未逐一确认时拒绝并返回 {confirmDrop}',
    "Remove a record's generated module (disabled, uninstalled, its menu rules gone); its table stays unless dropTable":
      '删除生成记录对应的模块（禁用、卸载、删除菜单规则）；除非 dropTable，否则保留数据表',
    "A record's generated module as a package zip the module installer accepts (the table's newest successful record)":
      '将生成记录的模块打包为模块安装器可安装的 zip（数据表最近一次成功的记录）',
    "Publish a record's generated module on this site's module store: its item (added when missing) and its version":
      '将生成记录的模块发布到本站的模块商店：模块条目（没有时新建）及其版本',
  },
  en: {},
};
