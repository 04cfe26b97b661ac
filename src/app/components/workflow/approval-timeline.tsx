// The approval timeline (spec part 3 §2.4, §3 "Workflow step", §4.1): one item per step with its title or operation,
// who, when, the comment and any transfer, CC or return note; its state (Pending Approval, In Approval, Approved) and
// colour (blue once the step is under way or done, red for a return at the current grade while nothing is signed).
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkflowInfo } from '@/shared/contracts/workflow';
import { isResubmit, operateKey, signKey, stepColor } from './approval-logic';

export function ApprovalTimeline({ info }: { info: WorkflowInfo }) {
  const { t, i18n } = useTranslation();
  // Node titles may be label keys (the designer's default titles, workflow.node.*) or text someone typed.
  const titleOf = (title: string) => (title && i18n.exists(title) ? t(title) : title);
  const resubmit = isResubmit(info);
  const steps = info.workFlowList;
  return (
    // Every item "active" so each one takes its own colour (grey for a step still waiting).
    <Timeline active={steps.length - 1} bulletSize={16} lineWidth={2} data-testid="approval-timeline">
      {steps.map((s, i) => {
        const color = stepColor(s, info);
        const op = s.operates.trim() ? operateKey(s.operates, resubmit && s.orderNo > 1) : '';
        const opText = op ? t(op) : s.operates;
        return (
          <Timeline.Item
            key={`${s.orderNo}-${i}`}
            color={color}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {titleOf(s.title) || opText}
                </Text>
                {s.title && opText && (
                  <Badge size="sm" variant="outline" color={color}>
                    {opText}
                  </Badge>
                )}
                <Badge size="sm" variant="light" color={color} data-testid="approval-step-state">
                  {t(signKey(s.sign))}
                </Badge>
              </Group>
            }
            data-testid="approval-step"
            data-sign={s.sign}
            data-color={color}
          >
            {(s.userName || s.checkDateString || s.skipped) && (
              <Text size="sm" c="dimmed" data-testid={s.skipped ? 'approval-step-skipped' : undefined}>
                {[s.skipped ? t('workflow.panel.skipped') : s.userName, s.checkDateString].filter(Boolean).join(' · ')}
              </Text>
            )}
            {s.checkContent && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {s.checkContent}
              </Text>
            )}
            {s.transmitInfo && (
              <Text size="xs" c="dimmed">
                {t('workflow.panel.transmitInfo', { info: s.transmitInfo })}
              </Text>
            )}
            {s.ccInfo && (
              <Text size="xs" c="dimmed">
                {t('workflow.panel.ccInfo', { info: s.ccInfo })}
              </Text>
            )}
            {s.returnInfo && (
              <Text size="xs" c={color === 'red' ? 'red' : 'dimmed'}>
                {t('workflow.panel.returnInfo', { info: s.returnInfo })}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
