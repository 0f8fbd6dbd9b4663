import { wordsReady } from '@kuku/domain';

/**
 * A module loaded on demand, once the catalogues its words objects asked for have arrived
 * (decision 068): on a Kiswahili page its screen or part then renders in Kiswahili from the
 * first paint. On an English page nothing is asked for and it resolves as the module does.
 */
export function withWords<T>(loading: Promise<T>): Promise<T> {
  return loading.then(async (module) => {
    await wordsReady();
    return module;
  });
}
