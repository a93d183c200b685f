# Production image: the server binary and the built front end.
FROM node:20-bookworm AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release -p server

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/proxyshop proxyshop && mkdir -p /var/lib/proxyshop \
    && chown proxyshop /var/lib/proxyshop
COPY --from=build /src/target/release/proxyshop /usr/local/bin/proxyshop
COPY --from=web /src/frontend/dist /srv/proxyshop
USER proxyshop
ENV PROXYSHOP_ADDR=0.0.0.0:8080 PROXYSHOP_DATA_DIR=/var/lib/proxyshop PROXYSHOP_STATIC_DIR=/srv/proxyshop
EXPOSE 8080 8000 8001
ENTRYPOINT ["proxyshop"]
CMD ["serve"]
