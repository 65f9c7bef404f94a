/** 简体中文：终端区域的面板及其设置。 */
import type { Pack } from '@portico/web-sdk/module';

const terminal = {
  Terminal: '终端',
  'Waiting for execution': '等待执行',
  Connecting: '连接中',
  Executing: '执行中',
  'Successful execution': '执行成功',
  'Execution failed': '执行失败',
  'Unknown execution result': '执行结果未知',
  'Failure blocks the queue': '失败将阻塞队列',
  'Failure to execute this command will block the execution of the queue': '此命令执行失败将阻塞队列的执行',
  'Do not refresh your browser': '请勿刷新浏览器',
  Retry: '重试',
  'Command Run Log': '命令运行日志',
  'There is no task yet': '暂无任务',
  'Test command': '测试命令',
  'Install dependent packages': '安装依赖包',
  Republish: '重新发布',
  'Are you sure you want to republish?': '确认要重新发布吗？',
  'Clean up the task list': '清理任务列表',
  'Terminal setup': '终端设置',
  'Back to terminal': '返回终端',
  'NPM source': 'NPM 源',
  Unknown: '未知',
  'NPM package manager': 'NPM 包管理器',
  'Manual execution': '手动执行',
  'NPM package manager tip':
    '终端用它执行安装与构建。默认使用 npm：它随 Node.js 一同安装。新机器上没有 pnpm，且它会留下第二份锁文件，使 package-lock.json 过时。手动执行：终端不执行安装，请自行执行。',
  'Package manager': '包管理器',
  'Please select package manager': '请选择包管理器',
  'Clear successful task': '清理成功任务',
  'Clear successful task tip': '添加新任务时，自动从列表中清除已成功的任务',
  'Failed to modify the source command, Please try again manually': '修改源的命令执行失败，请手动重试',
  Reminder: '提示',
};

export default { terminal } satisfies Pack;
