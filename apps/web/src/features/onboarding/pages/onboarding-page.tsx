import { Button } from '@mantine/core';
import {
  ONBOARDING_STEP_COUNT,
  onboardingDoneCount,
  onboardingMessages as m,
  onboardingPercent,
  SETUP_STEPS,
  type OnboardingStepId,
  type SetupStep,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { placeIcons } from '../../../ui/place-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { onboardingQuery } from '../api';
import classes from '../components/onboarding.module.css';
import { SetupProgress } from '../components/setup-progress';
import { StepCard } from '../components/step-card';
import { useOnboardingTicks } from '../onboarding-progress';

// The viewer (a dialog and its pictures) is not on the first screen: it loads on first use, or
// when the pointer or focus heads for a 'View screenshots' button (docs/design.md §9 budget).
const ScreenshotsViewer = lazyWithPreload(() => import('../components/screenshots-viewer'), (mod) => mod.ScreenshotsViewer);

/** The viewer's state: closed or open on a step; the key starts each opening at the first picture. */
interface Viewer {
  opened: boolean;
  step: SetupStep;
  key: number;
}

/**
 * /onboarding (docs/product.md §2 Onboarding): the Getting Started checklist. A step is done when the user
 * ticks it (kept in local storage, docs/product.md §4) or when the farm's records complete it (GET
 * /api/onboarding, prefetched by the route; decision 037).
 */
export function OnboardingPage() {
  const user = useCurrentUser();
  const { ticked, setTicked, reset } = useOnboardingTicks(user?.id);
  const query = useQuery(onboardingQuery());
  const byData = query.data;
  const done = onboardingDoneCount(ticked, byData);
  const percent = onboardingPercent(done);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const congratsRef = useRef<HTMLDivElement>(null);

  const tick = (id: OnboardingStepId, on: boolean) => {
    setTicked(id, on);
    // The last step ticked far down a phone's page: show the congratulation at the top.
    if (on && done === ONBOARDING_STEP_COUNT - 1) {
      requestAnimationFrame(() => congratsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
    }
  };
  const openViewer = (step: SetupStep) => setViewer((v) => ({ opened: true, step, key: (v?.key ?? 0) + 1 }));
  const closeViewer = () => setViewer((v) => (v ? { ...v, opened: false } : v));

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.welcome}
        actions={
          <Button component={Link} to={paths.contact.getHref()} variant="default" leftSection={<placeIcons.contact size={16} aria-hidden />}>
            {m.contactUs}
          </Button>
        }
      />
      <div className={classes.page}>
        <SetupProgress done={done} percent={percent} canReset={ticked.length > 0} onReset={reset} congratsRef={congratsRef} />
        {query.isError ? (
          <p className={classes.note} role="status">
            {m.loadFailed}
          </p>
        ) : null}
        <section aria-labelledby="onboarding-steps">
          <h2 className={classes.stepsHeading} id="onboarding-steps">
            {m.checklist}
          </h2>
          <ol className={classes.steps} aria-busy={query.isPending}>
            {SETUP_STEPS.map((step, index) => (
              <li key={step.id}>
                <StepCard
                  step={step}
                  index={index}
                  ticked={ticked.includes(step.id)}
                  byData={byData?.[step.id] ?? false}
                  onTick={(on) => tick(step.id, on)}
                  onViewScreenshots={() => openViewer(step)}
                  onViewIntent={ScreenshotsViewer.preload}
                />
              </li>
            ))}
          </ol>
        </section>
      </div>

      {viewer ? (
        <Suspense fallback={null}>
          <ScreenshotsViewer key={viewer.key} opened={viewer.opened} step={viewer.step} onClose={closeViewer} />
        </Suspense>
      ) : null}
    </>
  );
}
