//go:build !access

package main

import (
	"context"
	"errors"

	"github.com/crawlkit/robots"
)

// fetch is replaced by the Checker once the access layer is merged.
func (e *env) fetch(ctx context.Context, name string, o robots.Options) (*source, error) {
	return nil, errors.New("fetching URLs needs the access layer")
}

// robotsURL is replaced by robots.URLFor once the access layer is merged.
func robotsURL(page string) (string, error) {
	return "", errors.New("url needs the access layer")
}
