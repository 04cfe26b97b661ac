// The designer's side drawer (600 px, spec part 3 §2.3, §4.2, §9) for one node: an approver's rule (1 the applicant,
// 2 chosen people, 3 superiors and 4 department leaders up to a highest grade 1–14 and rank 1–20), a CC node's people
// and "CC the applicant", or a branch's conditions (1001–1014, each with its list: people, departments, companies,
// grades 1–14, ranks 1–20), added and removed here. Every change is applied to the flow at once.
import { Button, Checkbox, CloseButton, Drawer, Group, MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLookup } from '@/app/components/crud/lookups';
import { i18n } from '@/app/i18n/i18n';
import { NODE_TYPE, type WhereRule } from '@/shared/contracts/workflow';
import { GRADE_MAX, GRADE_MIN } from '@/shared/domain/organisation';
import {
  APPROVER_WHERE_TYPES,
  BRANCH_WHERE_TYPES,
  FLOW_RANK_MAX,
  listKindOf,
  newRule,
  splitList,
  whereTypeLabelKey,
  type TreeNode,
} from '@/shared/domain/workflow-flow';
import { nodeTitle } from './flow-text';
import { UserTags } from './user-tags';
import { companyNumbers, departmentNumbers } from './workflow-lookups';

export const DRAWER_WIDTH = 600;

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
const GRADES = range(GRADE_MIN, GRADE_MAX);
const RANKS = range(1, FLOW_RANK_MAX);

interface Props {
  /** The node shown; null = closed. */
  node: TreeNode | null;
  onClose(): void;
  onRule(index: number, rule: WhereRule): void;
  onAddRule(): void;
  onRemoveRule(index: number): void;
  onTitle(title: string): void;
}

/** The list editor of one rule, by the list its type uses. */
function RuleList({ rule, onChange }: { rule: WhereRule; onChange(r: WhereRule): void }) {
  const { t } = useTranslation();
  const companies = useLookup(companyNumbers);
  const departments = useLookup(departmentNumbers);
  const join = (v: string[]) => v.join(',');
  switch (listKindOf(rule.whereType)) {
    case 'users':
      return (
        <UserTags
          label={t('workflow.designer.users')}
          value={splitList(rule.whereUsers)}
          onChange={(v) => onChange({ ...rule, whereUsers: join(v) })}
          required={!(rule.whereType === 2 && rule.whereIsAddUser)}
          testId="flow-rule-users"
        />
      );
    case 'departments':
      return (
        <MultiSelect
          label={t('workflow.designer.departments')}
          data={departments.options}
          searchable
          clearable
          value={splitList(rule.whereDepartments)}
          onChange={(v) => onChange({ ...rule, whereDepartments: join(v) })}
          data-testid="flow-rule-departments"
        />
      );
    case 'companys':
      return (
        <MultiSelect
          label={t('workflow.designer.companys')}
          data={companies.options}
          searchable
          clearable
          value={splitList(rule.whereCompanys)}
          onChange={(v) => onChange({ ...rule, whereCompanys: join(v) })}
          data-testid="flow-rule-companys"
        />
      );
    case 'grades':
      return (
        <MultiSelect
          label={t('workflow.designer.grades')}
          data={GRADES}
          value={splitList(rule.whereGrades)}
          onChange={(v) => onChange({ ...rule, whereGrades: join(v) })}
          data-testid="flow-rule-grades"
        />
      );
    case 'ranks':
      return (
        <MultiSelect
          label={t('workflow.designer.ranks')}
          data={RANKS}
          value={splitList(rule.whereRanks)}
          onChange={(v) => onChange({ ...rule, whereRanks: join(v) })}
          data-testid="flow-rule-ranks"
        />
      );
    case 'maxGradeRank':
      return (
        <Group grow>
          <Select
            label={t('workflow.designer.maxGrade')}
            data={GRADES}
            clearable
            placeholder={t('workflow.designer.any')}
            value={rule.whereMaxGrade === undefined ? null : String(rule.whereMaxGrade)}
            onChange={(v) => onChange({ ...rule, whereMaxGrade: v ? Number(v) : undefined })}
            data-testid="flow-rule-max-grade"
          />
          <Select
            label={t('workflow.designer.maxRank')}
            data={RANKS}
            clearable
            placeholder={t('workflow.designer.any')}
            value={rule.whereMaxRank === undefined ? null : String(rule.whereMaxRank)}
            onChange={(v) => onChange({ ...rule, whereMaxRank: v ? Number(v) : undefined })}
            data-testid="flow-rule-max-rank"
          />
        </Group>
      );
    default:
      return null;
  }
}

function TypeSelect({ label, types, rule, onChange, testId }: { label: string; types: readonly number[]; rule: WhereRule; onChange(r: WhereRule): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      data={types.map((v) => ({ value: String(v), label: t(whereTypeLabelKey(v)) }))}
      value={String(rule.whereType)}
      allowDeselect={false}
      // A new type starts with empty lists: the old list meant something else.
      onChange={(v) => v && Number(v) !== rule.whereType && onChange(newRule(rule.parentCode, Number(v)))}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

function ApproverBody({ node, onRule }: { node: TreeNode; onRule: Props['onRule'] }) {
  const { t } = useTranslation();
  const rule = node.rules[0] ?? newRule(node.node.code, 1);
  return (
    <Stack gap="md">
      <TypeSelect label={t('workflow.designer.approverType')} types={APPROVER_WHERE_TYPES} rule={rule} onChange={(r) => onRule(0, r)} testId="flow-rule-type" />
      <RuleList rule={rule} onChange={(r) => onRule(0, r)} />
    </Stack>
  );
}

function CcBody({ node, onRule }: { node: TreeNode; onRule: Props['onRule'] }) {
  const { t } = useTranslation();
  const rule = node.rules[0] ?? newRule(node.node.code, 2);
  return (
    <Stack gap="md">
      <RuleList rule={rule} onChange={(r) => onRule(0, r)} />
      <Checkbox
        label={t('workflow.designer.ccApplicant')}
        checked={rule.whereIsAddUser}
        onChange={(e) => onRule(0, { ...rule, whereIsAddUser: e.currentTarget.checked })}
        data-testid="flow-cc-applicant"
      />
    </Stack>
  );
}

function BranchBody({ node, onRule, onAddRule, onRemoveRule }: Pick<Props, 'onRule' | 'onAddRule' | 'onRemoveRule'> & { node: TreeNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {node.rules.length ? t('workflow.designer.allMustHold') : t('workflow.designer.noConditions')}
      </Text>
      {node.rules.map((rule, i) => (
        <Paper key={i} withBorder p="sm" data-testid="flow-rule" data-index={i}>
          <Group justify="space-between" mb="xs">
            <Text size="sm" fw={600}>
              {t('workflow.designer.branchN', { n: i + 1 })}
            </Text>
            <CloseButton aria-label={t('workflow.designer.removeRule')} onClick={() => onRemoveRule(i)} data-testid="flow-rule-remove" />
          </Group>
          <Stack gap="sm">
            <TypeSelect label={t('workflow.designer.conditionType')} types={BRANCH_WHERE_TYPES} rule={rule} onChange={(r) => onRule(i, r)} testId="flow-rule-type" />
            <RuleList rule={rule} onChange={(r) => onRule(i, r)} />
          </Stack>
        </Paper>
      ))}
      <Button variant="light" onClick={onAddRule} data-testid="flow-drawer-add-rule">
        {t('workflow.designer.addRule')}
      </Button>
    </Stack>
  );
}

export function FlowDrawer({ node, onClose, onRule, onAddRule, onRemoveRule, onTitle }: Props) {
  const { t } = useTranslation();
  const type = node?.node.type;
  return (
    // The compound form, so that the panel itself (not the zero-size root) carries the test id.
    <Drawer.Root opened={node !== null} onClose={onClose} position="right" size={DRAWER_WIDTH}>
      <Drawer.Overlay />
      <Drawer.Content data-testid="flow-drawer">
        <Drawer.Header>
          <Drawer.Title>{node ? nodeTitle(node.node) : ''}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {node && (
            <Stack gap="md" data-testid="flow-drawer-body" data-code={node.node.code}>
              <TextInput
                label={t('workflow.designer.nodeTitle')}
                // A default title is a label key: shown translated; cleared, the card shows the type's name.
                value={node.node.title && i18n.exists(node.node.title) ? t(node.node.title) : node.node.title}
                maxLength={100}
                onChange={(e) => onTitle(e.currentTarget.value)}
                data-testid="flow-node-title"
              />
              {type === NODE_TYPE.approver && <ApproverBody node={node} onRule={onRule} />}
              {type === NODE_TYPE.cc && <CcBody node={node} onRule={onRule} />}
              {type === NODE_TYPE.branch && <BranchBody node={node} onRule={onRule} onAddRule={onAddRule} onRemoveRule={onRemoveRule} />}
              <Group justify="flex-end">
                <Button onClick={onClose} data-testid="flow-drawer-done">
                  {t('workflow.designer.done')}
                </Button>
              </Group>
            </Stack>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
