// /WorkFlowFlows?id=<template id> (spec part 3 §2.3, §4.3, §5): loads the template's newest flow (a new one starts with
// the applicant node C-1), draws it, edits it with the pure rules of shared/domain/workflow-flow.ts, and Submit sends
// setflow after the same validation the server runs (its messages translated; the server's refusals likewise); success
// goes to /WorkFlowTemplateList. Return goes back; leaving with unsaved changes asks first.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, List, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useReturn } from '@/app/components/crud/crud-form';
import { queryParam } from '@/app/components/crud/form-logic';
import { useLookup } from '@/app/components/crud/lookups';
import { RecordState, type RecordFailure } from '@/app/components/crud/record-state';
import { useUnsavedGuard } from '@/app/components/crud/unsaved-guard';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { getFlowByTemplateId, setFlow, type FlowData } from '@/shared/contracts/workflow';
import {
  addAfter,
  addBranch,
  addCondition,
  initialFlow,
  removeCondition,
  removeNode,
  renumber,
  setNode,
  setRule,
  treeOf,
  validateFlow,
  type FlowError,
  type TreeNode,
} from '@/shared/domain/workflow-flow';
import { FlowCanvas } from './flow-canvas';
import { FlowDrawer } from './flow-drawer';
import type { Names } from './flow-text';
import { useUserNames } from './user-tags';
import { companyNumbers, departmentNumbers } from './workflow-lookups';

const LIST_PATH = '/WorkFlowTemplateList';

function find(t: TreeNode | null, code: string): TreeNode | null {
  if (!t) return null;
  if (t.node.code === code) return t;
  for (const b of t.branches) {
    const f = find(b, code);
    if (f) return f;
  }
  return find(t.next, code);
}

/** The names the cards show for the numbers a flow holds. */
function useNames(): Names {
  const users = useUserNames();
  const d = useLookup(departmentNumbers);
  const c = useLookup(companyNumbers);
  return useMemo(
    () => ({ users, departments: new Map(d.options.map((o) => [o.value, o.label])), companys: new Map(c.options.map((o) => [o.value, o.label])) }),
    [users, d.options, c.options],
  );
}

/** The distinct messages of a validation, in order. */
const messagesOf = (errors: readonly FlowError[]) => [...new Set(errors.map((e) => e.message))];

export default function FlowDesigner() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ret = useReturn(LIST_PATH);
  const idText = queryParam(params, 'id');
  const templateId = /^\d+$/.test(idText) && Number(idText) > 0 ? Number(idText) : 0;

  const [flow, setFlowState] = useState<FlowData | null>(null);
  const [loaded, setLoaded] = useState<string>('');
  const [failure, setFailure] = useState<RecordFailure | null>(templateId ? null : { kind: 'badKey' });
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [errors, setErrors] = useState<FlowError[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(false);
  dirty.current = flow !== null && JSON.stringify(flow) !== loaded;
  const guard = useUnsavedGuard(() => dirty.current);
  const names = useNames();

  useEffect(() => {
    if (!templateId) return;
    let live = true;
    setFailure(null);
    call(getFlowByTemplateId, { templateId })
      .then((r) => {
        if (!live) return;
        // No flow yet: start with the applicant node.
        const f = r.workFlowList.length ? renumber({ workFlowList: r.workFlowList, whereList: r.whereList }) : initialFlow();
        setFlowState(f);
        setLoaded(JSON.stringify(f));
      })
      .catch((error: unknown) => live && setFailure({ kind: 'error', error }));
    return () => {
      live = false;
    };
  }, [templateId, attempt]);

  const root = useMemo(() => (flow ? treeOf(flow) : null), [flow]);
  const problems = useMemo(() => new Set(errors.map((e) => e.code).filter(Boolean)), [errors]);
  const openNode = open ? find(root, open) : null;

  /** Applies an edit; problems shown earlier are checked again against the new flow. */
  const change = (next: FlowData) => {
    setFlowState(next);
    if (errors.length) setErrors(validateFlow(next));
  };
  const edit = (fn: (f: FlowData) => FlowData) => flow && change(fn(flow));

  const submit = async () => {
    if (!flow || saving) return;
    const found = validateFlow(flow);
    setErrors(found);
    if (found.length) return;
    setSaving(true);
    try {
      await call(setFlow, { id: templateId, ...flow });
      showSuccess('crud.saved');
      guard.release();
      navigate(LIST_PATH);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper p="md" withBorder pos="relative">
      <LoadingOverlay visible={!flow && !failure} />
      <Stack gap="md">
        <Text fw={600}>{t('workflow.designer.heading', { id: templateId || idText })}</Text>
        {failure ? (
          <RecordState failure={failure} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          root && (
            <FlowCanvas
              root={root}
              names={names}
              problems={problems}
              onAdd={(code, kind) => edit((f) => addAfter(f, code, kind))}
              onAddBranch={(code) => edit((f) => addBranch(f, code))}
              onRemove={(code) => {
                setOpen(null);
                edit((f) => removeNode(f, code));
              }}
              onOpen={setOpen}
            />
          )
        )}
        {errors.length > 0 && (
          <Alert color="red" title={t('workflow.designer.problems')} data-testid="flow-errors">
            <List size="sm">
              {messagesOf(errors).map((m) => (
                <List.Item key={m}>{t(`errors.${m}`)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <Button onClick={() => void submit()} loading={saving} disabled={!flow || saving} data-testid="flow-submit">
            {t('workflow.designer.submit')}
          </Button>
          <Button variant="default" onClick={ret.back} data-testid="return">
            {t('crud.return')}
          </Button>
        </Group>
      </Stack>
      <FlowDrawer
        node={openNode}
        onClose={() => setOpen(null)}
        onRule={(i, rule) => open && edit((f) => setRule(f, open, i, rule))}
        onAddRule={() => open && edit((f) => addCondition(f, open))}
        onRemoveRule={(i) => open && edit((f) => removeCondition(f, open, i))}
        onTitle={(title) => open && edit((f) => setNode(f, open, { title }))}
      />
      {guard.dialog}
    </Paper>
  );
}
