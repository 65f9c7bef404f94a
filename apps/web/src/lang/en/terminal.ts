/** English: the terminal queue's own notice (the panel's texts are the terminal area's). */
export default {
  'Newly added tasks will never start because they are blocked by failed tasks':
    'Newly added tasks will never start because they are blocked by failed tasks',
};
