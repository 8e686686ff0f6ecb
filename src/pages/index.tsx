import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

type Card = {title: ReactNode; body: ReactNode; to?: string};

const capabilities: Card[] = [
  {
    title: <Translate id="home.capability.traffic.title">Reads your HTTP traffic</Translate>,
    body: (
      <Translate id="home.capability.traffic.body">
        Access logs from NGINX, Apache, HAProxy and OPLON ADC, or a Seer Box Sentinel sensor, are streamed to Seer Box
        and parsed transaction by transaction.
      </Translate>
    ),
    to: '/main/configuration/traffic-sources/traffic-source-management',
  },
  {
    title: <Translate id="home.capability.detection.title">Detects malicious activity</Translate>,
    body: (
      <Translate id="home.capability.detection.body">
        Its machine-learning engine learns how each protected application behaves and flags the clients and transactions
        that do not fit, as alerts you can triage.
      </Translate>
    ),
    to: '/main/how-to/alerts',
  },
  {
    title: <Translate id="home.capability.protection.title">Blocks attackers where they enter</Translate>,
    body: (
      <Translate id="home.capability.protection.body">
        Network and application rules are pushed to network firewalls (iptables, NGINX, OPLON) and web application
        firewalls (ModSecurity, OPLON WAF); legitimate rules stay inside Seer Box and silence known false positives.
      </Translate>
    ),
    to: '/main/how-to/protection/',
  },
  {
    title: <Translate id="home.capability.api.title">Automates through a REST API</Translate>,
    body: (
      <Translate id="home.capability.api.body">
        Everything the web interface shows, from alerts to settings, is also available to your own tools through an
        authenticated REST API.
      </Translate>
    ),
    to: '/api/authentication/signin',
  },
];

const entryPoints: Card[] = [
  {
    title: <Translate id="home.entry.quickstart.title">Quick start</Translate>,
    body: (
      <Translate id="home.entry.quickstart.body">The shortest path from an empty server to your first alert.</Translate>
    ),
    to: '/main/quickstart',
  },
  {
    title: <Translate id="home.entry.architecture.title">Architecture</Translate>,
    body: (
      <Translate id="home.entry.architecture.body">
        Engine, Sentinel, Gui, Reporter, Queue and Storage: what each part does and which ports it uses.
      </Translate>
    ),
    to: '/main/architecture',
  },
  {
    title: <Translate id="home.entry.installation.title">Installation</Translate>,
    body: (
      <Translate id="home.entry.installation.body">
        Step-by-step guides for Docker Compose, Kubernetes and Linux servers.
      </Translate>
    ),
    to: '/category/installation',
  },
  {
    title: <Translate id="home.entry.api.title">REST API</Translate>,
    body: (
      <Translate id="home.entry.api.body">
        Every resource of the API, with parameters, responses and examples.
      </Translate>
    ),
    to: '/category/analysis',
  },
];

function CardGrid({cards}: {cards: Card[]}): ReactNode {
  return (
    <div className={styles.grid}>
      {cards.map((card, index) =>
        card.to ? (
          <Link key={index} className={styles.card} to={card.to}>
            <Heading as="h3">{card.title}</Heading>
            <p>{card.body}</p>
          </Link>
        ) : (
          <div key={index} className={styles.card}>
            <Heading as="h3">{card.title}</Heading>
            <p>{card.body}</p>
          </div>
        ),
      )}
    </div>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title={translate({id: 'home.meta.title', message: 'Home'})}
      description={translate({
        id: 'home.meta.description',
        message:
          'User documentation of Seer Box: install, configure and operate the on-premise traffic analysis and web protection system, and use its REST API.',
      })}>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            <Translate id="home.hero.title">Seer Box User Documentation</Translate>
          </Heading>
          <p className={styles.heroLead}>
            <Translate id="home.hero.lead">
              Seer Box is an on-premise system that analyses the HTTP traffic of your web servers and load balancers,
              detects malicious clients and transactions, and pushes blocking rules to your network firewalls and web
              application firewalls.
            </Translate>
          </p>
          <div className={styles.heroButtons}>
            <Link className="button button--secondary button--lg" to="/main/quickstart">
              <Translate id="home.hero.cta.quickstart">Get started</Translate>
            </Link>
            <Link className="button button--outline button--secondary button--lg" to="/category/installation">
              <Translate id="home.hero.cta.install">Install Seer Box</Translate>
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className={styles.section}>
          <div className="container">
            <Heading as="h2" className={styles.sectionTitle}>
              <Translate id="home.capabilities.title">What Seer Box does</Translate>
            </Heading>
            <CardGrid cards={capabilities} />
          </div>
        </section>
        <section className={styles.sectionAlt}>
          <div className="container">
            <Heading as="h2" className={styles.sectionTitle}>
              <Translate id="home.flow.title">From a request to a blocked attacker</Translate>
            </Heading>
            <ol className={styles.steps}>
              <li>
                <Translate id="home.flow.step1">
                  Your web servers and load balancers send their access logs to Seer Box.
                </Translate>
              </li>
              <li>
                <Translate id="home.flow.step2">
                  Seer Box Engine, or a Sentinel close to the traffic, analyses every transaction.
                </Translate>
              </li>
              <li>
                <Translate id="home.flow.step3">
                  Suspicious clients and transactions become alerts in the web interface and in your notification
                  channels.
                </Translate>
              </li>
              <li>
                <Translate id="home.flow.step4">
                  Protection rules reach your firewalls and WAFs, which stop the attacker.
                </Translate>
              </li>
            </ol>
          </div>
        </section>
        <section className={styles.section}>
          <div className="container">
            <Heading as="h2" className={styles.sectionTitle}>
              <Translate id="home.audience.title">Written for administrators</Translate>
            </Heading>
            <p>
              <Translate id="home.audience.body">
                This site is for the people who install, configure and run Seer Box, often on networks without internet
                access: it works entirely offline, in English and in Italian.
              </Translate>
            </p>
            <CardGrid cards={entryPoints} />
          </div>
        </section>
      </main>
    </Layout>
  );
}
