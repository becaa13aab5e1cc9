"""The API's sign-in for apps: a token per device (``Authorization: Token <token>``), the
devices an account is signed in on, and signing one or all of them out."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.models import DEVICE_NAME_MAX_LENGTH, DeviceToken
from armybuilder.api_throttling import ScopedThrottle
from catalogues.api.schema import ErrorSerializer

TEXT_WITHOUT_CONTROLS = r"^[^\x00-\x1f\x7f]*$"
# DRF refuses a NUL in any text field; saying so in the pattern puts it in the schema
TEXT_WITHOUT_NUL = r"^[^\x00]*$"


class SignInSerializer(serializers.Serializer[Any]):
    email = serializers.EmailField(max_length=254)
    password = serializers.RegexField(
        TEXT_WITHOUT_NUL, min_length=1, max_length=4096, trim_whitespace=False
    )
    device = serializers.RegexField(
        TEXT_WITHOUT_CONTROLS,
        max_length=DEVICE_NAME_MAX_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text=_("A name the player will recognise, e.g. “Anna's phone”."),
    )


class DeviceSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(source="token_key", help_text=_("Names the device to sign out."))
    name = serializers.CharField(source="device_name")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True)
    current = serializers.SerializerMethodField(help_text=_("The device asking."))

    def get_current(self, device: DeviceToken) -> bool:
        auth = self.context["request"].auth
        return isinstance(auth, DeviceToken) and auth.pk == device.pk


class SignedInSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text=_("Shown once: send it as `Authorization: Token …`."))
    device = DeviceSerializer()


class TokenView(APIView):
    """Sign an app in with the account's email address and password."""

    authentication_classes: list[Any] = []
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "sign_in"

    @extend_schema(
        summary=_("Sign a device in: a token for this app."),
        request=SignInSerializer,
        # 403: the address is not confirmed yet, or the account is on too many devices
        responses={
            201: SignedInSerializer,
            401: ErrorSerializer,
            403: ErrorSerializer,
            429: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        body = SignInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        device, token = services.sign_in_device(
            request=request._request,
            email=body.validated_data["email"],
            password=body.validated_data["password"],
            device_name=body.validated_data["device"],
        )
        request.auth = device
        data = {
            "token": token,
            "device": DeviceSerializer(device, context={"request": request}).data,
        }
        return Response(data, status=status.HTTP_201_CREATED)


class DevicesView(APIView):
    """The devices this account is signed in on; signing them all out."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary=_("The devices this account is signed in on."),
        responses=DeviceSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        devices = services.devices_of(user=request.user)
        return Response(DeviceSerializer(devices, many=True, context={"request": request}).data)

    @extend_schema(
        summary=_("Sign out of every device."),
        responses={204: None},
        operation_id="auth_sign_out_all",
    )
    def delete(self, request: Request) -> Response:
        services.sign_out_everywhere(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeviceView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary=_("Sign one device out."),
        responses={204: None, 404: ErrorSerializer},
        operation_id="auth_sign_out_device",
    )
    def delete(self, request: Request, key: str) -> Response:
        services.sign_out_device(user=request.user, token_key=key)
        return Response(status=status.HTTP_204_NO_CONTENT)
