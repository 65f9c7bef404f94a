/**
 * Menu-rule pages: what the back-office's own rules page and the member rules page share (the
 * tree list, and the fields every rule form has in the same places), so both stay one page.
 */
export {
  RuleFormHead,
  RuleFormTail,
  RuleTargetFields,
  ruleTreeSpec,
} from '../../../apps/web/src/views/backend/rule-tree-page';
