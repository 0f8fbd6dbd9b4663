import { schemaResolver, type FormErrors } from '@mantine/form';
import { NetworkError } from '../lib/api-client';
import { showErrorToast } from '../ui/toast';

type Schema = Parameters<typeof schemaResolver>[0];

/** Where a failed load parks its message: on no input, yet the form counts as invalid. */
const LOAD_FAILED_PATH = '__schemas';

export interface LazySchemas<Module> {
  /** Starts the load (a form's first focus or pointer): validation then runs at once. */
  preload: () => void;
  load: () => Promise<Module>;
  /** The loaded module; a submit handler may use it, validation having loaded it first. */
  get: () => Module;
  /** A @mantine/form `validate` with the picked schema: sync once loaded, waits before. */
  resolver: (pick: (module: Module) => Schema) => (values: unknown) => FormErrors | Promise<FormErrors>;
}

/**
 * A screen's form schemas, loaded on first use instead of with the screen: zod/mini and the
 * domain schemas are code the first paint does not need (decision 017). The server
 * checks the same schemas whatever happens here (docs/style.md rule 9).
 */
export function lazySchemas<Module>(importModule: () => Promise<Module>): LazySchemas<Module> {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;

  const load = (): Promise<Module> => {
    pending ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // Offline when the chunk was wanted: the next try loads again.
        pending = undefined;
        showErrorToast(new NetworkError().message, { id: 'schemas-not-loaded' });
        throw error;
      },
    );
    return pending;
  };

  const validateWith = (schema: Schema, values: unknown) => schemaResolver(schema, { sync: true })(values);

  return {
    preload: () => {
      load().catch(() => undefined);
    },
    load,
    get: () => {
      if (loaded === undefined) throw new Error('Form schemas used before they were loaded');
      return loaded;
    },
    resolver: (pick) => (values) => {
      if (loaded !== undefined) return validateWith(pick(loaded), values);
      return load().then(
        (module) => validateWith(pick(module), values),
        // Not valid, so no submit goes out unchecked; no input shows it, the toast does.
        () => ({ [LOAD_FAILED_PATH]: new NetworkError().message }),
      );
    },
  };
}
