/** A fake IntersectionObserver; `fire()` reports every observed sentinel as visible. */
export function installFakeIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
  class FakeObserver {
    targets: Element[] = [];
    constructor(public callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    disconnect() {
      observers.splice(observers.indexOf(this), 1);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: FakeObserver });
  return {
    fire() {
      for (const observer of [...observers]) {
        observer.callback(
          observer.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          observer as unknown as IntersectionObserver,
        );
      }
    },
    get count() {
      return observers.length;
    },
    uninstall() {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    },
  };
}
