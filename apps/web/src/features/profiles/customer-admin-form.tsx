import '@mantine/dates/styles.css';
import {
  Checkbox,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import {
  CUSTOM_SUBSCRIPTION_MAX,
  DEFAULT_LOUDNESS_TARGET,
  APPROVAL_RULES,
  APPROVAL_TEXT,
  DEFAULT_APPROVAL_RULE,
  DEFAULT_DOWNLOAD_POLICY,
  DOWNLOAD_POLICIES,
  DOWNLOAD_POLICY_LABELS,
  type ApprovalRule,
  type DownloadPolicy,
  LOUDNESS_TARGETS,
  LOUDNESS_TARGET_KEYS,
  type LoudnessTargetKey,
  CUSTOM_SUBSCRIPTION_MIN,
  DONE_VIDEO_LIMIT_MAX,
  MAIL_PREFERENCES,
  MSG,
  QA_SLOTS,
  QA_SLOTS_EXTRA,
  REQUEST_LIMIT_MAX,
  SUBSCRIPTION_TYPES,
  TEAM_NOTES_MAX,
  YT_HELPER_SLOTS,
  editableUserFields,
  fill,
  labelOf,
  type MailPreferenceKey,
  type UpdateUserField,
} from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { SlotSelects } from '../../components/slot-selects';
import { TeamLeadSelect } from '../../components/team-lead-select';
import { STAFF_LISTERS, filledSlots, useStaffOptions } from '../../lib/staff';
import { type UserChanges } from './api';
import { SaveControls, useProfileForm } from './profile-save';
import { TeamLeadName } from './profile-gate';

type MailKey = MailPreferenceKey;
const MAIL_KEYS = MAIL_PREFERENCES.map((m) => m.value);

/** A type, not an interface: the form's values must fit Record<string, unknown>. */
type CustomerValues = {
  subscription_type: string | null;
  custom_subscription: string | null;
  request_limit: number | string;
  done_video_limit: string;
  has_subtitles: string;
  has_youtube_helper: string;
  billing_date: string | null;
  extra_qa_slot: boolean;
  assign_qa: (string | null)[];
  assign_yt_helper: (string | null)[];
  assigned_to_lead_id: string | null;
  team_notes: string;
  loudness_target: LoudnessTargetKey;
  approval_rule: ApprovalRule;
  download_policy: DownloadPolicy;
  mailPreferences: Record<MailKey, boolean>;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const CUSTOM_CHOICES = range(CUSTOM_SUBSCRIPTION_MIN, CUSTOM_SUBSCRIPTION_MAX);
const DONE_LIMIT_CHOICES = range(1, DONE_VIDEO_LIMIT_MAX);
/** Spec 002 §9: subtitles and helper plan are 0 Disable, 1 Enable. */
const ON_OFF = [
  { value: '0', label: 'Disable' },
  { value: '1', label: 'Enable' },
];
/** Delivery QC's presets (issue 51), each with its figures. */
const LOUDNESS_CHOICES = LOUDNESS_TARGET_KEYS.map((key) => {
  const t = LOUDNESS_TARGETS[key];
  return { value: key, label: `${t.label}: ${t.integrated} LUFS, peak ≤ ${t.truePeakMax} dBTP` };
});
const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));
const slots = (ids: readonly number[], count: number) => Array.from({ length: count }, (_, i) => str(ids[i]));

function toValues(user: UserView): CustomerValues {
  return {
    subscription_type: user.subscription_type ?? null,
    custom_subscription: str(user.custom_subscription),
    request_limit: user.request_limit ?? '',
    done_video_limit: String(user.done_video_limit),
    has_subtitles: user.has_subtitles ? '1' : '0',
    has_youtube_helper: user.has_youtube_helper ? '1' : '0',
    billing_date: user.billing_date ? user.billing_date.slice(0, 10) : null,
    extra_qa_slot: user.extra_qa_slot ?? false,
    assign_qa: slots(
      user.qas.map((q) => q.client_id),
      QA_SLOTS_EXTRA,
    ),
    assign_yt_helper: slots(
      (user.yt_helpers ?? []).map((h) => h.client_id),
      YT_HELPER_SLOTS,
    ),
    assigned_to_lead_id: str(user.assigned_to_lead_id),
    team_notes: user.team_notes ?? '',
    loudness_target: user.loudness_target ?? DEFAULT_LOUDNESS_TARGET,
    approval_rule: user.approval_rule ?? DEFAULT_APPROVAL_RULE,
    download_policy: user.download_policy ?? DEFAULT_DOWNLOAD_POLICY,
    mailPreferences: {
      card_movement: user.mailPreferences?.card_movement === 1,
      card_comment: user.mailPreferences?.card_comment === 1,
      card_comment_tag: user.mailPreferences?.card_comment_tag === 1,
    },
  };
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The PUT body: the fields the viewer may change that differ from what was loaded, and nothing else. */
function changedFields(base: CustomerValues, now: CustomerValues, editable: readonly UpdateUserField[]): UserChanges {
  const body: UserChanges = {};
  const may = (field: UpdateUserField) => editable.includes(field);
  if (may('subscription_type') && now.subscription_type !== base.subscription_type && now.subscription_type)
    body.subscription_type = SUBSCRIPTION_TYPES.find((t) => t.value === now.subscription_type)?.value;
  if (may('custom_subscription') && now.custom_subscription !== base.custom_subscription)
    body.custom_subscription = now.custom_subscription === null ? null : Number(now.custom_subscription);
  if (may('request_limit') && String(now.request_limit) !== String(base.request_limit))
    body.request_limit = now.request_limit === '' ? null : Number(now.request_limit);
  if (may('done_video_limit') && now.done_video_limit !== base.done_video_limit)
    body.done_video_limit = Number(now.done_video_limit);
  if (may('has_subtitles') && now.has_subtitles !== base.has_subtitles) body.has_subtitles = now.has_subtitles === '1';
  if (may('has_youtube_helper') && now.has_youtube_helper !== base.has_youtube_helper)
    body.has_youtube_helper = now.has_youtube_helper === '1';
  if (may('billing_date') && now.billing_date && now.billing_date !== base.billing_date)
    body.billing_date = now.billing_date;
  if (may('extra_qa_slot') && now.extra_qa_slot !== base.extra_qa_slot) body.extra_qa_slot = now.extra_qa_slot;
  const qaSlots = (v: CustomerValues) => (v.extra_qa_slot ? QA_SLOTS_EXTRA : QA_SLOTS);
  const qaNow = filledSlots(now.assign_qa, qaSlots(now));
  if (may('assign_qa') && !sameList(qaNow, filledSlots(base.assign_qa, qaSlots(base)))) body.assign_qa = qaNow;
  const helpersNow = filledSlots(now.assign_yt_helper, YT_HELPER_SLOTS);
  if (may('assign_yt_helper') && !sameList(helpersNow, filledSlots(base.assign_yt_helper, YT_HELPER_SLOTS)))
    body.assign_yt_helper = helpersNow;
  if (may('assigned_to_lead_id') && now.assigned_to_lead_id !== base.assigned_to_lead_id)
    body.assigned_to_lead_id = now.assigned_to_lead_id === null ? null : Number(now.assigned_to_lead_id);
  if (may('team_notes') && now.team_notes.trim() !== base.team_notes.trim())
    body.team_notes = now.team_notes.trim() || null;
  if (may('loudness_target') && now.loudness_target !== base.loudness_target)
    body.loudness_target = now.loudness_target;
  if (may('approval_rule') && now.approval_rule !== base.approval_rule) body.approval_rule = now.approval_rule;
  if (may('download_policy') && now.download_policy !== base.download_policy)
    body.download_policy = now.download_policy;
  if (may('mailPreferences') && MAIL_KEYS.some((k) => now.mailPreferences[k] !== base.mailPreferences[k]))
    body.mailPreferences = {
      card_movement: now.mailPreferences.card_movement ? 1 : 0,
      card_comment: now.mailPreferences.card_comment ? 1 : 0,
      card_comment_tag: now.mailPreferences.card_comment_tag ? 1 : 0,
    };
  return body;
}

/** The fields on the Billing tab; the rest of the form sits on Basic Info. */
const BILLING_FIELDS: readonly UpdateUserField[] = [
  'subscription_type',
  'custom_subscription',
  'request_limit',
  'done_video_limit',
  'has_subtitles',
  'billing_date',
];

interface CustomerAdminFormProps {
  person: UserView;
  viewer: UserView;
  /** Which tab it sits in: Billing holds the plan and billing fields, Basic Info the team and mails. */
  part: 'billing' | 'team';
}

/** The admin's (and leads') fields of a customer; what the viewer may not change is shown read-only. */
export function CustomerAdminForm({ person, viewer, part }: CustomerAdminFormProps) {
  const editable = editableUserFields(
    { id: viewer.client_id, role: viewer.client_type },
    { id: person.client_id, role: person.client_type },
  );
  const may = (field: UpdateUserField) => editable.includes(field);
  const pickers = may('assign_qa') || may('assign_yt_helper') || may('assigned_to_lead_id');
  const optionsFor = useStaffOptions(part === 'team' && pickers && STAFF_LISTERS.includes(viewer.client_type));
  const { form, askToSave, controls } = useProfileForm(person, toValues, (base, now) =>
    changedFields(base, now, editable),
  );
  const values = form.values;
  const qaSlotCount = values.extra_qa_slot ? QA_SLOTS_EXTRA : QA_SLOTS;
  /** A custom plan needs its size; the body schema can't tell when the size was left as it was. */
  const customSizeProblem = (): Record<string, string> =>
    values.subscription_type === 'custom' && !values.custom_subscription
      ? {
          custom_subscription: fill(MSG.customPlanRange, {
            min: String(CUSTOM_SUBSCRIPTION_MIN),
            max: String(CUSTOM_SUBSCRIPTION_MAX),
          }),
        }
      : {};

  const readOnly = (field: UpdateUserField) => ({ readOnly: !may(field), variant: may(field) ? undefined : 'filled' });
  const qaOptions = optionsFor('qa', person.qas);
  const helperOptions = optionsFor('yt-helper', person.yt_helpers);

  return (
    <Stack
      gap="lg"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        askToSave(customSizeProblem());
      }}
    >
      {part === 'billing' && (
        <Paper p="md" radius="lg" withBorder component="section" aria-label="Plan and billing">
          <Title order={2} fz="h4" mb="sm">
            Plan and billing
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Plan"
              data={SUBSCRIPTION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
              allowDeselect={false}
              {...readOnly('subscription_type')}
              {...form.getInputProps('subscription_type')}
            />
            {values.subscription_type === 'custom' && (
              <Select
                label="Videos in the custom plan"
                data={CUSTOM_CHOICES}
                searchable
                {...readOnly('custom_subscription')}
                {...form.getInputProps('custom_subscription')}
              />
            )}
            <NumberInput
              label="Request limit"
              description="Empty: the plan decides"
              min={0}
              max={REQUEST_LIMIT_MAX}
              allowDecimal={false}
              allowNegative={false}
              {...readOnly('request_limit')}
              {...form.getInputProps('request_limit')}
            />
            <Select
              label="Done video limit"
              data={DONE_LIMIT_CHOICES}
              allowDeselect={false}
              {...readOnly('done_video_limit')}
              {...form.getInputProps('done_video_limit')}
            />
            <Select
              label="Subtitles"
              data={ON_OFF}
              allowDeselect={false}
              {...readOnly('has_subtitles')}
              {...form.getInputProps('has_subtitles')}
            />
            <DatePickerInput
              label="Billing date"
              placeholder="Not set"
              leftSection={<IconCalendar size={16} />}
              valueFormat="YYYY-MM-DD"
              {...readOnly('billing_date')}
              {...form.getInputProps('billing_date')}
            />
          </SimpleGrid>
        </Paper>
      )}

      {part === 'team' && (
        <>
          <Paper p="md" radius="lg" withBorder component="section" aria-label="Team">
            <Title order={2} fz="h4" mb="sm">
              Team
            </Title>
            <Stack gap="md">
              {may('assigned_to_lead_id') ? (
                <TeamLeadSelect userRole={person.client_type} {...form.getInputProps('assigned_to_lead_id')} />
              ) : (
                <Input.Wrapper label="Team lead">
                  <Text>
                    <TeamLeadName leadId={person.assigned_to_lead_id} />
                  </Text>
                </Input.Wrapper>
              )}
              <SlotSelects
                label="QA assignment"
                slotLabel="QA"
                placeholder="Choose a QA"
                count={qaSlotCount}
                chosen={values.assign_qa}
                options={qaOptions}
                error={form.errors.assign_qa}
                readOnly={!may('assign_qa')}
                slotProps={(i) => form.getInputProps(`assign_qa.${i}`)}
              />
              <Checkbox
                label="Fourth QA slot"
                disabled={!may('extra_qa_slot')}
                {...form.getInputProps('extra_qa_slot', { type: 'checkbox' })}
              />
              <Select
                label="YouTube helper plan"
                data={ON_OFF}
                allowDeselect={false}
                {...readOnly('has_youtube_helper')}
                {...form.getInputProps('has_youtube_helper')}
              />
              <SlotSelects
                label="YouTube helpers"
                slotLabel="Helper"
                placeholder="Choose a helper"
                count={YT_HELPER_SLOTS}
                chosen={values.assign_yt_helper}
                options={helperOptions}
                error={form.errors.assign_yt_helper}
                readOnly={!may('assign_yt_helper')}
                slotProps={(i) => form.getInputProps(`assign_yt_helper.${i}`)}
              />
              {person.loudness_target !== undefined && (
                <Select
                  label="Loudness target"
                  description="What delivery QC holds this customer's cuts to (hidden from the customer)"
                  data={LOUDNESS_CHOICES}
                  allowDeselect={false}
                  data-testid="loudness-target"
                  {...readOnly('loudness_target')}
                  {...form.getInputProps('loudness_target')}
                />
              )}
              {person.approval_rule !== undefined && (
                <Select
                  label="Approval rule of new cards"
                  description="Whose approval completes a card; each card can change it"
                  data={APPROVAL_RULES.map((rule) => ({ value: rule, label: APPROVAL_TEXT.ruleLabel[rule] }))}
                  allowDeselect={false}
                  data-testid="approval-rule-default"
                  {...readOnly('approval_rule')}
                  {...form.getInputProps('approval_rule')}
                />
              )}
              {person.download_policy !== undefined && (
                <Select
                  label="Originals can be downloaded"
                  description="The customer's masters, and their guests'; staff are never locked out"
                  data={DOWNLOAD_POLICIES.map((p) => ({ value: p, label: DOWNLOAD_POLICY_LABELS[p] }))}
                  allowDeselect={false}
                  data-testid="download-policy"
                  {...readOnly('download_policy')}
                  {...form.getInputProps('download_policy')}
                />
              )}
              {person.team_notes !== undefined && (
                <Textarea
                  label="Team notes"
                  description="Hidden from the customer"
                  rows={3}
                  maxLength={TEAM_NOTES_MAX}
                  {...readOnly('team_notes')}
                  {...form.getInputProps('team_notes')}
                />
              )}
            </Stack>
          </Paper>

          {person.mailPreferences && (
            <Paper p="md" radius="lg" withBorder component="section" aria-label="Mail preferences">
              <Title order={2} fz="h4" mb="sm">
                Mail preferences
              </Title>
              <Group gap="lg">
                {MAIL_KEYS.map((key) => (
                  <Checkbox
                    key={key}
                    label={labelOf(MAIL_PREFERENCES, key)}
                    disabled={!may('mailPreferences')}
                    {...form.getInputProps(`mailPreferences.${key}`, { type: 'checkbox' })}
                  />
                ))}
              </Group>
            </Paper>
          )}
        </>
      )}

      <SaveControls
        saveTestId={part === 'billing' ? 'billing-save' : 'customer-save'}
        showButtons={editable.some((f) => BILLING_FIELDS.includes(f) === (part === 'billing'))}
        {...controls}
      />
    </Stack>
  );
}
