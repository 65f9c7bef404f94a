/** 简体中文：终端队列自己的提示（面板的文字在终端区域里）。 */
export default {
  'Newly added tasks will never start because they are blocked by failed tasks':
    '新添加的任务永远不会开始，因为它们被失败的任务阻塞了',
};
