#!/usr/bin/env -S node --import tsx
import './main';
