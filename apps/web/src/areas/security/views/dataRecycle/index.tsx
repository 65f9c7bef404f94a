/** security/dataRecycle: which controllers' deletes are kept in the recycle bin (as in the original). */
import { AdminController, adminUrl, type RecycleRuleRow } from '@portico/shared';
import { ListPage, type ListSpec } from '@portico/web-sdk/list';
import { securityRuleForm } from '../../components/rule-form';
import { ruleColumns } from '../rule-columns';

const API = adminUrl(AdminController.dataRecycle);

const spec: ListSpec<RecycleRuleRow> = {
  api: API,
  quickSearchFields: 'security.Rule name',
  columns: ruleColumns('security.Delete monitoring'),
  form: securityRuleForm('recycle'),
  formDefaults: { status: '1' },
  formWidth: 720,
};

export default function DataRecycleList() {
  return <ListPage spec={spec} />;
}
