# Seer Box documentation, served by nginx as a non-root user.
#
#   docker build -t seer-box-docs .
#   docker run --rm --read-only --tmpfs /tmp:rw,size=16m -p 8080:8080 seer-box-docs
# HTTPS (certificate and key in /srv/tls, readable by user 101):
#   docker run --rm --read-only --tmpfs /tmp:rw,size=16m -v /srv/tls:/etc/nginx/tls:ro \
#     -e SEERBOX_TLS=on -p 80:8080 -p 443:8443 seer-box-docs
#
# Build arguments: BASE_URL (path the site is served under, default /; it is
# built into the pages, so it is chosen here and not at run time) and
# SITE_URL (public origin for canonical links). Run-time settings: see the
# SEERBOX_* variables below and deploy/README.md.

ARG BASE_URL=/

# ---- Stage 1: build the site (both languages), precompress it, hash its inline scripts.
FROM node:20-bookworm-slim AS build
ARG BASE_URL
ARG SITE_URL=https://docs.seerbox.example
ENV BASE_URL=${BASE_URL} SITE_URL=${SITE_URL}
# No git here and no .git in the context: the pages are built without their
# "Last updated" dates (a build from a clone with its history has them).
WORKDIR /src
# The build prints the PDF manuals with Chromium (scripts/pdf.mjs; without it they would be skipped).
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends chromium \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm run build` also runs the postbuild step: scripts/csp-hashes.mjs, scripts/pdf.mjs and scripts/precompress.mjs.
RUN npm run build

# ---- Stage 2: serve it. The tag is a pin to review: use the current stable
# release of nginxinc/nginx-unprivileged (ideally by digest) when you build.
FROM nginxinc/nginx-unprivileged:1.28-alpine
ARG BASE_URL

# The image's entrypoint renders /etc/nginx/templates/**/*.template with
# envsubst into NGINX_ENVSUBST_OUTPUT_DIR (here the /tmp tmpfs) before nginx
# starts, replacing only the variables that match NGINX_ENVSUBST_FILTER.
ENV SEERBOX_LISTEN=8080 \
    SEERBOX_ROOT=/usr/share/nginx/html \
    SEERBOX_BASE_PATH=${BASE_URL} \
    SEERBOX_FRAME_ANCESTORS="'none'" \
    SEERBOX_CONNECT_SRC="'self'" \
    SEERBOX_CONF_DIR=/etc/nginx/seerbox \
    SEERBOX_RUNTIME_DIR=/tmp \
    SEERBOX_TLS=off \
    SEERBOX_TLS_LISTEN=8443 \
    SEERBOX_HTTPS_PORT=443 \
    SEERBOX_TLS_CERTIFICATE=/etc/nginx/tls/tls.crt \
    SEERBOX_TLS_CERTIFICATE_KEY=/etc/nginx/tls/tls.key \
    SEERBOX_HSTS_MAX_AGE=31536000 \
    NGINX_ENVSUBST_TEMPLATE_DIR=/etc/nginx/templates \
    NGINX_ENVSUBST_OUTPUT_DIR=/tmp \
    NGINX_ENVSUBST_FILTER=^SEERBOX_

USER root
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf
USER 101

COPY --from=build /src/deploy/nginx/templates/ /etc/nginx/templates/
COPY --from=build /src/deploy/nginx/mime.types /etc/nginx/seerbox/mime.types
COPY --from=build /src/build/.seerbox/csp-hashes.conf /etc/nginx/seerbox/generated/csp-hashes.conf
COPY --from=build /src/build/ /usr/share/nginx/html${BASE_URL}
# The build's notes for later steps (reading order, CSP include) are not pages: nginx refuses dot-files anyway.
USER root
RUN rm -rf /usr/share/nginx/html${BASE_URL}.seerbox /usr/share/nginx/html${BASE_URL}it/.seerbox
USER 101

# 8080: the pages over HTTP, or (SEERBOX_TLS=on) the redirect to HTTPS; 8443: HTTPS.
EXPOSE 8080 8443
STOPSIGNAL SIGQUIT
# With TLS the home page is fetched over HTTPS: the certificate names the public host, not 127.0.0.1.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD if [ "$SEERBOX_TLS" = on ]; \
      then wget -q --spider --no-check-certificate "https://127.0.0.1:${SEERBOX_TLS_LISTEN##*:}${SEERBOX_BASE_PATH}"; \
      else wget -q --spider "http://127.0.0.1:${SEERBOX_LISTEN##*:}${SEERBOX_BASE_PATH}"; fi || exit 1

# The rendered main configuration lives in /tmp, so /etc stays read-only.
CMD ["nginx", "-c", "/tmp/nginx.conf", "-g", "daemon off;"]
