import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconLock } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { isApiError, type ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { useCreateRequest, useRequestAllowance, useUpdateRequest } from './api';
import { RequestDetailsFields } from './request-details-fields';
import { RequestExtrasFields } from './request-extras-fields';
import { RequestInstructionsFields } from './request-instructions-fields';
import {
  DETAIL_FIELDS,
  detailsReady,
  editReady,
  emptyRequest,
  formPath,
  requestBody,
  validateRequest,
  type RequestMode,
  type RequestValues,
} from './request-values';
import { PromisePreview } from './promise-preview';
import { SubmitButton } from './submit-button';
import classes from './requests.module.css';

export interface RequestFormProps {
  mode: RequestMode;
  /** The card being edited (edit mode). */
  cardId?: number;
  /** The loaded card's values (edit mode); create starts empty. */
  initialValues?: RequestValues;
  onCancel: () => void;
  /** After the server accepted the request; the frame decides where to go. */
  onSaved: (cardId: number) => void;
  /** The frames warn before throwing away a filled form. */
  onDirtyChange?: (dirty: boolean) => void;
}

const DETAIL_SET = new Set<string>(DETAIL_FIELDS);
/** Fields that show their own error; a server error on any other is toasted. */
const FIELDS_WITH_ERRORS = new Set(Object.keys(emptyRequest()).filter((f) => f !== 'voice_note'));
const isDetailError = (errors: Record<string, unknown>) => Object.keys(errors).some((f) => DETAIL_SET.has(f));

/**
 * The request form of spec 000 §2, shared by the /new-card page, the New request modal and the
 * Edit card modal: create walks two steps, edit shows everything at once.
 */
export function RequestForm({ mode, cardId = 0, initialValues, onCancel, onSaved, onDirtyChange }: RequestFormProps) {
  const user = useCurrentUser();
  const isAdmin = user.client_type === 'admin';
  const needsCustomer = mode === 'create' && isAdmin;
  const stepped = mode === 'create';
  const showYtHelper = isAdmin || user.has_youtube_helper;
  const showSubtitles = isAdmin || user.has_subtitles;
  const context = { mode, withClient: needsCustomer, showYtHelper, showSubtitles };

  const [step, setStep] = useState(0);
  const phone = useMediaQuery('(max-width: 36em)');
  const [customer, setCustomer] = useState<UserView | null>(null);
  const [voiceBusy, setVoiceBusy] = useState(false);
  const [serverBlock, setServerBlock] = useState<string | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const linkRowsRef = useRef<ReturnType<typeof requestBody>['linkRows'] | null>(null);

  const create = useCreateRequest();
  const update = useUpdateRequest(cardId);
  const saving = create.isPending || update.isPending;
  const allowance = useRequestAllowance(mode === 'create' && user.client_type === 'customer');

  const [initial] = useState(() => initialValues ?? emptyRequest());
  const [initialJson] = useState(() => JSON.stringify(initial));
  const form = useForm<RequestValues>({
    initialValues: initial,
    validate: (values) => validateRequest(values, context),
    validateInputOnBlur: true,
    // Reported from the input's own event, so an Escape typed right after already sees it.
    onValuesChange: (values) => onDirtyChange?.(JSON.stringify(values) !== initialJson),
  });

  // Spec 000 §8: a customer at their limit, or without a QA yet, cannot create; admins pick a customer.
  const blockedMessage =
    mode !== 'create'
      ? null
      : (serverBlock ??
        (isAdmin
          ? customer && customer.qas.length === 0
            ? MSG.noQaAssigned
            : null
          : allowance.data?.blocked
            ? (allowance.data.message ??
              (allowance.data.blocked === 'limit' ? MSG.requestLimitReached : MSG.noQaAssigned))
            : null));

  const ready = mode === 'create' ? detailsReady(form.values, needsCustomer) : editReady(form.values);
  const submitBlockedReason =
    blockedMessage ?? (!ready ? MSG.requestDetailsFirst : voiceBusy ? MSG.voiceNoteSaving : null);

  // Moving between steps puts the keyboard at the top of the new step.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeadingRef.current?.focus();
  }, [step]);

  // After a failed check the keyboard goes to the first field that needs attention, once it shows its error
  // (declared after the step effect, so it wins when both run).
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstError = () => setFocusRequest((n) => n + 1);
  useEffect(() => {
    if (focusRequest === 0) return;
    rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function goToDetails() {
    setStep(0);
    focusFirstError();
  }

  function next() {
    const failed = DETAIL_FIELDS.map((field) => form.validateField(field)).some((r) => r.hasError);
    if (failed) focusFirstError();
    else setStep(1);
  }

  function showServerError(error: ApiError) {
    if (error.code === 'CARD_TITLE_EXISTS' || (error.status === 409 && error.field === 'card_title')) {
      form.setFieldError('card_title', MSG.cardTitleExistsHint);
      goToDetails();
      return;
    }
    if (error.code === 'REQUEST_LIMIT' || error.code === 'NO_QA') {
      setServerBlock(error.message);
      void allowance.refetch();
      notify.error(error.message);
      return;
    }
    const field = error.field && linkRowsRef.current ? formPath(error.field, linkRowsRef.current) : null;
    if (field && FIELDS_WITH_ERRORS.has(field.split('.')[0]!)) {
      form.setFieldError(field, error.message);
      if (stepped && DETAIL_SET.has(field)) goToDetails();
      else focusFirstError();
      return;
    }
    notify.error(mode === 'edit' && error.status >= 500 ? MSG.unableToUpdateCard : error.message);
  }

  async function submit(values: RequestValues) {
    if (submitBlockedReason) return;
    const { body, linkRows } = requestBody(values, context);
    linkRowsRef.current = linkRows;
    try {
      if (mode === 'create') {
        const reply = await create.mutateAsync(body);
        notify.success(MSG.newRequestCreated);
        onSaved(reply.card_id);
      } else {
        await update.mutateAsync(body);
        notify.success(MSG.cardDetailsUpdated);
        onSaved(cardId);
      }
    } catch (error) {
      if (isApiError(error)) showServerError(error);
      else notify.error(mode === 'edit' ? MSG.unableToUpdateCard : MSG.generic);
    }
  }

  function invalid(errors: Record<string, unknown>) {
    if (stepped && isDetailError(errors)) goToDetails();
    else focusFirstError();
  }

  const details = (
    <RequestDetailsFields
      form={form}
      withCustomer={needsCustomer}
      customer={customer}
      onCustomerChange={(picked) => {
        setCustomer(picked);
        setServerBlock(null);
      }}
    />
  );
  const more = (
    <Stack gap="xl">
      <RequestInstructionsFields form={form} onVoiceNoteBusy={setVoiceBusy} />
      <Stack gap="xs">
        <Title order={3} fz="md">
          Extras
        </Title>
        <RequestExtrasFields form={form} showYtHelper={showYtHelper} showSubtitles={showSubtitles} />
      </Stack>
    </Stack>
  );

  const blockedAlert = blockedMessage && (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} data-testid="create-blocked">
      {blockedMessage}
    </Alert>
  );

  return (
    <form
      ref={rootRef}
      onSubmit={(event) => {
        // Enter on step 1 means Next: check only that step, the rest is still to come.
        if (stepped && step === 0) {
          event.preventDefault();
          next();
        } else form.onSubmit((values) => void submit(values), invalid)(event);
      }}
      noValidate
      aria-label={mode === 'create' ? 'New video request' : 'Edit request'}
    >
      <Stack gap="lg">
        {blockedAlert}
        {stepped ? (
          <Stepper
            active={step}
            onStepClick={(index) => (index === 0 && !voiceBusy ? setStep(0) : index === 1 ? next() : undefined)}
            size={phone ? 'xs' : 'sm'}
            wrap={false}
            allowNextStepsSelect={false}
            styles={{ stepLabel: { whiteSpace: 'nowrap' }, separator: { marginInline: 8 } }}
          >
            <Stepper.Step label="The video" description={phone ? undefined : 'Title, footage, format'}>
              <StepHeading ref={stepHeadingRef} text="The video" />
              {details}
            </Stepper.Step>
            <Stepper.Step
              label={phone ? 'Instructions' : 'Instructions and extras'}
              description={phone ? undefined : 'Optional details'}
            >
              <StepHeading ref={stepHeadingRef} text="Instructions and extras" />
              {more}
            </Stepper.Step>
          </Stepper>
        ) : (
          <>
            {details}
            <Divider />
            {more}
          </>
        )}

        {mode === 'create' && (
          <PromisePreview
            clientId={isAdmin ? customer?.client_id : undefined}
            enabled={!blockedMessage && (!isAdmin || !!customer)}
          />
        )}
        <Group justify="space-between" gap="sm" className={classes.actions} data-testid="request-actions">
          {stepped && step === 1 ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setStep(0)}
              disabled={voiceBusy || saving}
            >
              Back
            </Button>
          ) : (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          {stepped && step === 0 ? (
            <Group gap="sm" wrap="nowrap">
              {!ready && (
                <Text fz="xs" c="dimmed" visibleFrom="sm">
                  {MSG.requestDetailsFirst}
                </Text>
              )}
              <Button
                type="submit"
                disabled={!ready}
                rightSection={<IconArrowRight size={16} />}
                data-testid="request-next"
              >
                Next
              </Button>
            </Group>
          ) : (
            <SubmitButton
              blockedReason={submitBlockedReason}
              disabled={!!submitBlockedReason}
              loading={saving}
              testId={mode === 'create' ? 'request-create' : 'request-save'}
            >
              {mode === 'create' ? 'Create' : 'Save'}
            </SubmitButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Where focus lands on a step change; the stepper already shows the name, so it is for screen readers. */
function StepHeading({ text, ref }: { text: string; ref: React.Ref<HTMLHeadingElement> }) {
  return (
    <Title order={2} tabIndex={-1} ref={ref} className={classes.srOnly}>
      {text}
    </Title>
  );
}
